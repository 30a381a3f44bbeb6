/**
 * The first-paint scripts that pick the one prerendered frame a visit needs (src/app/prerender.tsx
 * puts every frame in the page, in every language): by path, for `/` and `/tap` by the spec's
 * sign-in and sign-out markers, and in the page's language (set by the language boot script). The
 * first runs in the head and names the frame on `<html>`, so the stylesheet shows that frame as
 * soon as it is parsed and no other, however slowly the page arrives; the second, after the
 * frames, removes the others. Both run inline before anything paints, allowed by their hashes, so
 * they are written as functions of their parameters and the page's globals only
 * (src/core/inline-script.ts).
 */
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import { inlineScript } from '../core/inline-script.ts'
import { markedSignedIn } from '../core/markers.ts'
import { TAP_SIGN_IN_ATTRIBUTE } from '../features/tap/tap-outcome.tsx'
import { THEME_TOGGLE_ATTRIBUTE } from '../features/theme/theme-toggle.tsx'

/** The kinds of first screen, each a frame in the page. */
export type ShellFrame = 'landing' | 'list' | 'sign-in' | 'tap' | 'tap-anonymous' | 'blank'

/** Attribute naming a frame in the page; the element with id `shell` holds them all. */
export const FRAME_ATTRIBUTE = 'data-shell-frame'

/** Attribute on `<html>` naming the frame this visit shows (the stylesheet reads it). */
export const VISIT_FRAME_ATTRIBUTE = 'data-frame'

/** What the head script knows of the page: the markers' keys and the attribute it sets. */
export type FrameMarkNames = { signinKey: string; signoutKey: string; visitFrame: string }

/**
 * Names on `<html>` the frame this visit needs: by path, and for `/` and `/tap` by the markers
 * (`signedIn` is their rule, src/core/markers.ts).
 */
export function markVisitFrame(
  signedIn: (signin: string | null, signout: string | null) => boolean,
  names: FrameMarkNames,
): void {
  let marked = false
  try {
    marked = signedIn(localStorage.getItem(names.signinKey), localStorage.getItem(names.signoutKey))
  } catch {
    // Storage is blocked: nothing is marked.
  }
  const path = location.pathname
  const frame: ShellFrame =
    path === '/'
      ? marked
        ? 'list'
        : 'landing'
      : path === '/auth/email'
        ? 'sign-in'
        : path === '/tap'
          ? marked
            ? 'tap'
            : 'tap-anonymous'
          : 'blank'
  document.documentElement.setAttribute(names.visitFrame, frame)
}

/** What the script after the frames knows of the page: the names it looks for, and a label. */
export type FrameChoiceNames = {
  frame: string
  visitFrame: string
  tapSignIn: string
  themeToggle: string
  /** The theme switch's name on a light page (the frames are rendered dark), by language. */
  lightToggleLabels: Readonly<Record<string, string>>
}

/**
 * Removes every frame but the one `<html>` names, in the page's language (else the first language
 * rendered). The anonymous tap frame's sign-in link gets this visit's tap, as the app's would; on
 * a light page the theme switch is named for it (its icon follows the theme by the stylesheet).
 */
export function keepVisitFrame(names: FrameChoiceNames): void {
  const frame = document.documentElement.getAttribute(names.visitFrame) ?? 'blank'
  const frames = Array.from(document.querySelectorAll(`[${names.frame}]`))
  const pageLang = document.documentElement.lang
  // Each frame is in the page once per language; the page's, else the first rendered.
  const lang = frames.some((element) => element.getAttribute('lang') === pageLang)
    ? pageLang
    : (frames[0]?.getAttribute('lang') ?? '')
  for (const element of frames) {
    if (element.getAttribute(names.frame) !== frame || element.getAttribute('lang') !== lang) {
      element.remove()
    }
  }
  const signIn = document.querySelector(`[${names.tapSignIn}]`)
  if (signIn instanceof HTMLAnchorElement) {
    signIn.href = '/auth/email?redirect=' + encodeURIComponent('/tap' + location.search)
  }
  const lightToggleLabel = names.lightToggleLabels[lang]
  if (document.documentElement.dataset.theme === 'light' && lightToggleLabel !== undefined) {
    for (const toggle of Array.from(document.querySelectorAll(`[${names.themeToggle}]`))) {
      toggle.setAttribute('aria-label', lightToggleLabel)
      toggle.setAttribute('title', lightToggleLabel)
    }
  }
}

/** The head script as it goes into the page. */
export const frameMarkScript = inlineScript(markVisitFrame, markedSignedIn, {
  signinKey: SIGNIN_EVENT_KEY,
  signoutKey: SIGNOUT_EVENT_KEY,
  visitFrame: VISIT_FRAME_ATTRIBUTE,
})

/** The script after the frames, with the light theme's switch name in each language. */
export const frameChoiceScript = (lightToggleLabels: Readonly<Record<string, string>>) =>
  inlineScript(keepVisitFrame, {
    frame: FRAME_ATTRIBUTE,
    visitFrame: VISIT_FRAME_ATTRIBUTE,
    tapSignIn: TAP_SIGN_IN_ATTRIBUTE,
    themeToggle: THEME_TOGGLE_ATTRIBUTE,
    lightToggleLabels,
  })
