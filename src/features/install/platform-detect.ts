/** What kind of device and browser the page runs in, for install instructions. */

/** The parts of `navigator` the checks read (a plain object in tests). */
export interface NavigatorLike {
  userAgent: string
  maxTouchPoints?: number
  /** Safari on iOS: true inside a home-screen app. */
  standalone?: boolean
}

/**
 * True on iPhone, iPod and iPad. iPadOS 13+ says "Macintosh" by default; a Mac has no touch
 * screen, so touch points tell them apart.
 */
export function isIos(nav: NavigatorLike = navigator): boolean {
  if (/iPhone|iPad|iPod/.test(nav.userAgent)) return true
  return /Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1
}

/**
 * True for Safari itself on iOS, where "Add to Home Screen" is in the Share menu. Other iOS
 * browsers name themselves (CriOS, FxiOS, EdgiOS, …) and older ones cannot add to the Home Screen.
 */
export function isIosSafari(nav: NavigatorLike = navigator): boolean {
  return (
    isIos(nav) &&
    /Safari\//.test(nav.userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|DuckDuckGo|YaBrowser|Brave/.test(nav.userAgent)
  )
}

/** True when the page runs as the installed app (home screen or app window), not in a tab. */
export function isStandalone(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  if ((win.navigator as NavigatorLike).standalone === true) return true
  if (typeof win.matchMedia !== 'function') return false
  return win.matchMedia('(display-mode: standalone)').matches
}
