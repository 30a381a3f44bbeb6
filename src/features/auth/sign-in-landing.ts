/**
 * Reading and removing a sign-in token from the page address: a magic link's, or the one the
 * provider sends back after Google or Apple. Both land on exactly `/auth/email`.
 */
import { LANDING_PATH, LANDING_STASH } from '../../core/sign-in-landing-stash.ts'

/** The token types the sign-in page exchanges (`stytch_token_type`). */
export const LANDING_TYPES = ['magic_links', 'oauth'] as const

/** What kind of sign-in brought the holder back. */
export type LandingType = (typeof LANDING_TYPES)[number]

const isLandingType = (value: string | null | undefined): value is LandingType =>
  (LANDING_TYPES as readonly (string | null | undefined)[]).includes(value)

/**
 * The provider's tokens are base64url or base64, `=`-padded (44 characters in its examples); the
 * bounds only keep out what cannot be a token, the provider has the final word.
 */
const TOKEN = /^[A-Za-z0-9_\-+/]{20,256}={0,2}$/

/** What a landing on the sign-in page carried. */
export type LinkLanding =
  | { kind: 'token'; type: LandingType; token: string }
  /** A landing that cannot be tried: damaged, cut short, or not a sign-in we know. */
  | { kind: 'unusable'; reason: 'malformed' | 'unsupported-type' }

/**
 * A query parameter, percent-decoded by hand: `URLSearchParams` reads `+` as a space, which
 * would break a base64 token sent unencoded. Mail clients sometimes encode a link twice, so a
 * value is decoded once more when it still holds escapes. Undefined when absent; null when the
 * escapes are broken.
 */
function rawParam(search: string, name: string): string | null | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=')
    const key = at === -1 ? pair : pair.slice(0, at)
    if (key !== name) continue
    let value = at === -1 ? '' : pair.slice(at + 1)
    try {
      for (let round = 0; round < 2 && /%[0-9A-Fa-f]{2}/.test(value); round += 1) {
        value = decodeURIComponent(value)
      }
    } catch {
      return null
    }
    return value
  }
  return undefined
}

/** The sign-in token in `href` (a magic link's or OAuth's), or null when the address is not a landing. */
export function readSignInLanding(href: string): LinkLanding | null {
  let search: string
  try {
    search = new URL(href).search
  } catch {
    // Not an address at all (the page's `href` prop can be any text): no landing, and no crash.
    return null
  }
  const type = rawParam(search, 'stytch_token_type')
  const token = rawParam(search, 'token')
  if (type === undefined && token === undefined) return null
  if (!isLandingType(type)) return { kind: 'unusable', reason: 'unsupported-type' }
  if (!token || !TOKEN.test(token)) return { kind: 'unusable', reason: 'malformed' }
  return { kind: 'token', type, token }
}

/**
 * The address to read a landing from: where the page's boot script moved the token before the
 * page loaded anything (build/landing-boot.ts), else the address itself (no boot script ran:
 * the dev server's page, an older page).
 */
export function landingHref(): string {
  const stashed: unknown = Reflect.get(window, LANDING_STASH)
  if (typeof stashed !== 'string') return window.location.href
  return new URL(LANDING_PATH + stashed, window.location.origin).href
}

/**
 * Removes the token and its type from the address bar, and from where the boot script put them,
 * keeping everything else. Called when the token is used (or found unusable), not when it is
 * read: React may read state twice, and the token must be there both times.
 */
export function stripSignInToken(): void {
  Reflect.deleteProperty(window, LANDING_STASH)
  const url = new URL(window.location.href)
  if (!url.searchParams.has('token') && !url.searchParams.has('stytch_token_type')) return
  url.searchParams.delete('token')
  url.searchParams.delete('stytch_token_type')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

/**
 * Where every sign-in comes back to: exactly this page, no query. The provider matches redirect
 * URLs exactly, so this one URL is all the project registers; the way back stays on the device.
 */
export function landingUrl(): string {
  return new URL(LANDING_PATH, window.location.origin).href
}
