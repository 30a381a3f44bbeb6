/** Where a holder goes after signing in, said by name (never a raw path). */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { parseRedirect } from '../../core/redirect.ts'

/**
 * The sentence saying where the holder comes back to ("… to your account."), each place in a
 * sentence of its own so a translation can fit the words around it; `null` for the home page
 * (nothing to say).
 */
export function returnNote(redirect: string | undefined): MessageDescriptor | null {
  const target = parseRedirect(redirect)
  if (target === undefined) return null
  const { pathname } = new URL(target, 'http://same-origin.invalid')
  if (pathname === '/') return null
  if (pathname === '/account') return msg`After signing in you will come back to your account.`
  if (pathname === '/tap') return msg`After signing in you will come back to the card you tapped.`
  if (/^\/events\/[^/]+$/.test(pathname)) {
    return msg`After signing in you will come back to the event you were looking at.`
  }
  return msg`After signing in you will come back to the page you were on.`
}
