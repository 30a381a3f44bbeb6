/**
 * Where a holder was going when they asked for a sign-in link or left for Google or Apple (a
 * protected page, a card tap). The provider matches redirect URLs exactly, query included, so
 * every sign-in lands on exactly `/auth/email`: the target stays on this device instead, tied to
 * the address the link went to (or to the OAuth round trip begun here), and lives no longer than
 * the link or the round trip. Any sign-in takes it; sign-out forgets it.
 */
import { parseRedirect } from '../../core/redirect.ts'

/** localStorage key of the kept target. */
export const RETURN_TARGET_KEY = 'sign-in-return'

/**
 * What is kept: the path, the address the link was sent to (empty for an OAuth round trip, which
 * sets `oauth`), and the link's or the round trip's lifetime.
 */
interface KeptTarget {
  path: string
  email: string
  oauth?: true
  savedAt: number
  expiresAt: number
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Forgets any kept target (sign-out, a sign-in that used or ignored it). */
export function forgetReturnTarget(): void {
  try {
    localStorage.removeItem(RETURN_TARGET_KEY)
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/**
 * Keeps `path` for a sign-in that ends with `tie` (the address a link went to, or the OAuth
 * round trip), until `expiresAt`. With no path, forgets an older target, so a sign-in asked for
 * without one never leads to an earlier holder's page. Storage unavailable: the holder lands on
 * the home page, signed in.
 */
function keep(
  path: string | undefined,
  tie: Pick<KeptTarget, 'email' | 'oauth'>,
  expiresAt: number,
  now: number,
): void {
  const safe = parseRedirect(path)
  if (!safe) {
    forgetReturnTarget()
    return
  }
  const kept: KeptTarget = { path: safe, ...tie, savedAt: now, expiresAt }
  try {
    localStorage.setItem(RETURN_TARGET_KEY, JSON.stringify(kept))
  } catch {
    // Nothing kept; nothing lost but the way back.
  }
}

/** Keeps `path` for the link just sent to `email`, until `expiresAt` (see `keep`). */
export function keepReturnTarget(
  path: string | undefined,
  email: string,
  expiresAt: number,
  now = Date.now(),
): void {
  keep(path, { email }, expiresAt, now)
}

/**
 * Keeps `path` for the OAuth round trip starting now (Google, Apple), until `expiresAt`. The
 * provider's answer carries no address this device asked for, so the round trip itself is the
 * tie: only the next OAuth landing here takes it. With no path, forgets an older target.
 */
export function keepOAuthReturnTarget(
  path: string | undefined,
  expiresAt: number,
  now = Date.now(),
): void {
  keep(path, { email: '', oauth: true }, expiresAt, now)
}

/** Reads the kept value; anything malformed counts as nothing. */
function readKept(): KeptTarget | null {
  let raw: unknown
  try {
    raw = JSON.parse(localStorage.getItem(RETURN_TARGET_KEY) ?? 'null')
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null) return null
  const { path, email, oauth, savedAt, expiresAt } = raw as Record<string, unknown>
  const safe = parseRedirect(path)
  if (!safe || typeof email !== 'string') return null
  if (typeof savedAt !== 'number' || typeof expiresAt !== 'number') return null
  return { path: safe, email, ...(oauth === true ? { oauth } : {}), savedAt, expiresAt }
}

/**
 * Forgets a kept target whose link or round trip has expired (or that cannot be read): it can
 * never be used, and it names where the holder was going and the address the link went to.
 */
export function forgetExpiredReturnTarget(now = Date.now()): void {
  const kept = readKept()
  if (!kept || now < kept.savedAt || now > kept.expiresAt) forgetReturnTarget()
}

/**
 * The kept target for a holder who just signed in with one of `emails`, if it is still fresh;
 * forgotten either way. Another holder's target (another address) is never returned.
 */
export function takeReturnTarget(emails: readonly string[], now = Date.now()): string | undefined {
  const kept = readKept()
  forgetReturnTarget()
  if (!kept) return undefined
  if (now < kept.savedAt || now > kept.expiresAt || kept.oauth) return undefined
  return emails.some((email) => sameAddress(email, kept.email)) ? kept.path : undefined
}

/**
 * The target kept when this device left for Google or Apple, if still fresh; forgotten either
 * way. A target kept for an emailed link is never returned to an OAuth sign-in.
 */
export function takeOAuthReturnTarget(now = Date.now()): string | undefined {
  const kept = readKept()
  forgetReturnTarget()
  if (!kept?.oauth) return undefined
  return now < kept.savedAt || now > kept.expiresAt ? undefined : kept.path
}
