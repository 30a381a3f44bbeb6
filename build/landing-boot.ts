/**
 * The landing boot script: on the sign-in landing page, the token leaves the address bar before
 * the page requests anything, so no request, history entry or screenshot carries it.
 */
import { inlineScript } from '../src/core/inline-script.ts'
import { LANDING_PARAMS, LANDING_PATH, LANDING_STASH } from '../src/core/sign-in-landing-stash.ts'

/** The parts of the page's window the boot script uses. */
export interface LandingWindow {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>
  history: Pick<History, 'state' | 'replaceState'>
}

/**
 * Moves a landing's token parameters from the address into the page global `stash` (as they
 * arrived, for the sign-in page's own reader) and replaces the address with the rest. A name is
 * matched decoded, so `%74oken` leaves too. `page` is the page's window unless a test gives one.
 */
export function moveLandingToken(
  path: string,
  names: readonly string[],
  stash: string,
  page: LandingWindow = window,
): void {
  const here = page.location.pathname
  if ((here !== path && here !== path + '/') || page.location.search.length < 2) return
  const kept: string[] = []
  const moved: string[] = []
  for (const pair of page.location.search.slice(1).split('&')) {
    let name = pair.split('=', 1)[0] ?? ''
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '))
    } catch {
      // A name with broken escapes is no name we look for.
    }
    ;(names.includes(name) ? moved : kept).push(pair)
  }
  if (moved.length === 0) return
  Reflect.set(page, stash, '?' + moved.join('&'))
  const search = kept.filter((pair) => pair !== '').join('&')
  page.history.replaceState(
    page.history.state,
    '',
    here + (search ? '?' + search : '') + page.location.hash,
  )
}

/**
 * The inline script: `moveLandingToken` on this page, with the contract the sign-in page reads
 * (core's sign-in-landing-stash). The policy allows it by hash; it runs before any subresource.
 */
export const landingBootScript = inlineScript(
  moveLandingToken,
  LANDING_PATH,
  LANDING_PARAMS,
  LANDING_STASH,
)
