/** Post-sign-in redirect targets: only same-origin paths are accepted (no open redirect). */

/** Where a signed-in user lands when no valid target was given. */
export const DEFAULT_REDIRECT = '/'

/** The sign-in route itself, never a useful place to return to. */
const SIGN_IN_PATH = '/auth/email'

const BASE = 'http://same-origin.invalid'

/**
 * Returns `raw` as a same-origin path (path, query and hash), or undefined when it is not one:
 * absolute and protocol-relative URLs, backslash tricks, control characters and the sign-in page
 * itself are all refused.
 */
export function parseRedirect(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return undefined
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return undefined
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE) return undefined
  // Dot segments can collapse into `//host` after parsing: check the result, not only the input.
  if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return undefined
  if (url.pathname === SIGN_IN_PATH) return undefined
  return url.pathname + url.search + url.hash
}

/** The target to navigate to after sign-in: the parsed redirect, else the home page. */
export function redirectTarget(raw: unknown): string {
  return parseRedirect(raw) ?? DEFAULT_REDIRECT
}
