/** Reading and removing a magic-link token from the page address. */

const TOKEN_TYPE = 'magic_links'

/** The magic-link token in `href`, or null when the address is not a magic-link landing. */
export function readMagicLink(href: string): string | null {
  const params = new URL(href).searchParams
  if (params.get('stytch_token_type') !== TOKEN_TYPE) return null
  const token = params.get('token')
  return token && /^[\w-]{8,200}$/.test(token) ? token : null
}

/** Removes the token and its type from the address bar, keeping everything else. */
export function stripMagicLink(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('token') && !url.searchParams.has('stytch_token_type')) return
  url.searchParams.delete('token')
  url.searchParams.delete('stytch_token_type')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}
