/**
 * Where a magic link returns to. A target with a query (a card tap's `?uid=…&cmac=…`) never goes
 * into the emailed link, which the provider sees and stores: the link carries no redirect, and
 * the target is kept on this device, where the link's landing takes it back (else: the home page).
 */
import { parseRedirect } from '../../core/redirect.ts'
import { CODE_EXPIRY_MINUTES } from './sign-in-provider.ts'

/** localStorage key of the kept target. */
export const RETURN_TARGET_KEY = 'sign-in-return'

/** A kept target is good for as long as the link it was kept for. */
const KEEP_MS = CODE_EXPIRY_MINUTES * 60_000

/** The redirect the emailed link may carry: the same, unless it holds a query or a hash. */
export function linkRedirect(redirect: string | undefined): string | undefined {
  return redirect && !/[?#]/.test(redirect) ? redirect : undefined
}

/** Keeps `redirect` on this device when the link cannot carry it. */
export function keepReturnTarget(redirect: string | undefined, now = Date.now()): void {
  if (!redirect || linkRedirect(redirect) === redirect) return
  try {
    localStorage.setItem(RETURN_TARGET_KEY, JSON.stringify({ path: redirect, savedAt: now }))
  } catch {
    // Storage unavailable: after the link, the holder lands on the home page, signed in.
  }
}

/**
 * On a magic-link landing: the kept target when the link carried none and it is still fresh,
 * else the link's own `target`. The kept target is forgotten either way.
 */
export function takeReturnTarget(target: string, linkHadRedirect: boolean, now = Date.now()) {
  let kept: unknown
  try {
    kept = JSON.parse(localStorage.getItem(RETURN_TARGET_KEY) ?? 'null')
    localStorage.removeItem(RETURN_TARGET_KEY)
  } catch {
    return target
  }
  if (linkHadRedirect || typeof kept !== 'object' || kept === null) return target
  const { path, savedAt } = kept as Record<string, unknown>
  const fresh = typeof savedAt === 'number' && now - savedAt >= 0 && now - savedAt <= KEEP_MS
  return (fresh && parseRedirect(path)) || target
}
