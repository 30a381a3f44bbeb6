/** Where a holder goes after signing in, said by name (never a raw path). */
import { parseRedirect } from '../../core/redirect.ts'

/** "your account", "the card you tapped", …; `null` for the home page (nothing to say). */
export function targetName(redirect: string | undefined): string | null {
  const target = parseRedirect(redirect)
  if (target === undefined) return null
  const { pathname } = new URL(target, 'http://same-origin.invalid')
  if (pathname === '/') return null
  if (pathname === '/account') return 'your account'
  if (pathname === '/tap') return 'the card you tapped'
  if (/^\/events\/[^/]+$/.test(pathname)) return 'the event you were looking at'
  return 'the page you were on'
}
