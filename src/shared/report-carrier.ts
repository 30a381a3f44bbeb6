/**
 * Reports carried over one page load in a tab's sessionStorage (sign-in leaves with a full page
 * load), scrubbed first: they are written before the SDK's own scrubbing could run. The scrubber
 * is not part of the start-up JavaScript: it loads once the first screen is up, or at once when a
 * report waits before that.
 */
import type { scrubReport } from '../core/scrub.ts'
import type { CarriedReport, ReportCarrier } from './error-reporting-buffer.ts'

/** sessionStorage key of reports carried to the tab's next page. */
export const CARRIED_KEY = 'error-reports-carried'

/** A carrier that can be readied: `prepare` loads its scrubber (once; again after a failure). */
export interface PreparedCarrier extends ReportCarrier {
  prepare(): Promise<void>
}

function isCarriedReport(value: unknown): value is CarriedReport {
  if (typeof value !== 'object' || value === null) return false
  const { name, message, context } = value as Record<string, unknown>
  return (
    typeof name === 'string' &&
    typeof message === 'string' &&
    typeof context === 'object' &&
    context !== null
  )
}

/**
 * The carrier over `storage` (null where there is none), scrubbing each report of `secrets()`
 * and whatever the patterns find. Never unscrubbed: reports saved before the scrubber has loaded
 * (a page gone within moments of its first report) are lost rather than stored as they are.
 */
export function createSessionCarrier(
  storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  secrets: () => readonly string[],
): PreparedCarrier {
  let scrub: typeof scrubReport | null = null
  let loading: Promise<void> | null = null
  return {
    prepare() {
      loading ??= import('../core/scrub.ts').then(
        (module) => void (scrub = module.scrubReport),
        () => void (loading = null),
      )
      return loading
    },
    save(reports) {
      if (scrub === null) return
      try {
        storage()?.setItem(CARRIED_KEY, JSON.stringify(scrub(reports, secrets())))
      } catch {
        // Storage full or unavailable: these reports are lost, as they were before.
      }
    },
    take() {
      try {
        const raw = storage()?.getItem(CARRIED_KEY) ?? null
        storage()?.removeItem(CARRIED_KEY)
        const parsed: unknown = JSON.parse(raw ?? '[]')
        return Array.isArray(parsed) ? parsed.filter(isCarriedReport) : []
      } catch {
        return []
      }
    },
  }
}
