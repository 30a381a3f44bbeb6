/** Reading and removing a sign-in link's token from the page address. */

const TOKEN_TYPE = 'magic_links'

/**
 * The provider's tokens are base64url or base64, `=`-padded (44 characters in its examples); the
 * bounds only keep out what cannot be a token, the provider has the final word.
 */
const TOKEN = /^[A-Za-z0-9_\-+/]{20,256}={0,2}$/

/** What a landing on the sign-in page carried. */
export type LinkLanding =
  | { kind: 'token'; token: string }
  /** A link that cannot be tried: damaged, cut short, or not a sign-in link we know. */
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

/** The sign-in link in `href`, or null when the address is not a link landing. */
export function readMagicLink(href: string): LinkLanding | null {
  const { search } = new URL(href)
  const type = rawParam(search, 'stytch_token_type')
  const token = rawParam(search, 'token')
  if (type === undefined && token === undefined) return null
  if (type !== TOKEN_TYPE) return { kind: 'unusable', reason: 'unsupported-type' }
  if (!token || !TOKEN.test(token)) return { kind: 'unusable', reason: 'malformed' }
  return { kind: 'token', token }
}

/** Removes the token and its type from the address bar, keeping everything else. */
export function stripMagicLink(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('token') && !url.searchParams.has('stytch_token_type')) return
  url.searchParams.delete('token')
  url.searchParams.delete('stytch_token_type')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}
