/**
 * Error reporting: the SDK (Sentry) is loaded after the first render, outside the initial
 * JavaScript; errors raised before that wait in a small buffer and are sent once it is ready.
 */
import { config } from '../config/env.ts'
import { APP_VERSION } from '../config/version.ts'
import { scrubReport } from '../core/scrub.ts'
import {
  createErrorReporting,
  type CarriedReport,
  type ReportCarrier,
  type ReportError,
} from './error-reporting-buffer.ts'

/** Longest wait for the first render before loading anyway. */
const FIRST_RENDER_WAIT_MS = 10_000

/** Runs `fn` once the page has loaded, `ready` has settled and the browser is idle. */
function whenIdleAfter(ready: Promise<unknown>, fn: () => void): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  })
  // A first render that never comes (a stuck route) must not keep its errors from being sent.
  const rendered = Promise.race([
    ready.catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ])
  void Promise.all([loaded, rendered]).then(() => {
    // A frame, then idle time: the first render has been painted before the SDK is fetched.
    requestAnimationFrame(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 3000 })
      else setTimeout(fn, 200)
    })
  })
}

/** sessionStorage key of reports carried to the tab's next page. */
const CARRIED_KEY = 'error-reports-carried'

/**
 * Reports carried over one page load in this tab's sessionStorage, scrubbed first (they are
 * written before the SDK's own scrubbing could run), at most the buffer's worth.
 */
const sessionCarrier: ReportCarrier = {
  save(reports) {
    try {
      sessionStorage.setItem(CARRIED_KEY, JSON.stringify(scrubReport(reports)))
    } catch {
      // Storage full or unavailable: these reports are lost, as they were before.
    }
  },
  take() {
    try {
      const raw = sessionStorage.getItem(CARRIED_KEY)
      sessionStorage.removeItem(CARRIED_KEY)
      const parsed: unknown = JSON.parse(raw ?? '[]')
      return Array.isArray(parsed) ? parsed.filter(isCarriedReport) : []
    } catch {
      return []
    }
  },
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

/** The router whose routes name traces; set by `startErrorReporting`. */
let tracedRouter: unknown = null

/** The app's reporter (DSN from the build configuration). */
const appReporting = createErrorReporting({
  dsn: config.sentryDsn,
  // No window while the build prerenders the page's first-paint frames (src/app/prerender.tsx).
  target: typeof window === 'undefined' ? new EventTarget() : window,
  carrier: sessionCarrier,
  load: async () => {
    const { initSentry } = await import('./error-reporting-sentry.ts')
    return initSentry({
      dsn: config.sentryDsn,
      router: tracedRouter,
      release: `iyk-cards@${APP_VERSION}`,
    })
  },
})

/** Reports an error to the error-reporting service (buffered until it is loaded; no-op when off). */
export const reportError: ReportError = appReporting.reportError

/**
 * Loads error reporting once the first screen has rendered (`firstRender`), the page has loaded
 * and the browser is idle. `router` (TanStack Router) names traces by route.
 */
export function startErrorReporting({
  router,
  firstRender,
}: {
  router: unknown
  firstRender: Promise<unknown>
}): void {
  if (config.sentryDsn === '') return
  tracedRouter = router
  whenIdleAfter(firstRender, () => void appReporting.start())
}
