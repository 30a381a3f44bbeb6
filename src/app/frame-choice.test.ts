/** The first-paint frame choice, run as the page runs it: the serialised script in a DOM. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import { signedInMarked } from '../session/markers.ts'
import {
  FRAME_ATTRIBUTE,
  frameChoiceScript,
  frameMarkScript,
  type ShellFrame,
} from './frame-choice.ts'

const FRAMES: ShellFrame[] = ['landing', 'list', 'sign-in', 'tap', 'tap-anonymous', 'blank']

const LANGS = ['en', 'es']

const script = frameChoiceScript({ en: 'Switch to dark theme', es: 'Cambiar al tema oscuro' })

/**
 * Puts every frame in the page in each of two languages (the anonymous tap frame with its sign-in
 * link), as the build does.
 */
function pageWithFrames(): void {
  document.body.innerHTML = LANGS.flatMap((lang) =>
    FRAMES.map((frame) => {
      const content =
        frame === 'tap-anonymous'
          ? '<a data-tap-sign-in href="/auth/email">Sign in to collect</a>'
          : '<button data-theme-toggle aria-label="Switch to light theme">☀</button>'
      return `<div ${FRAME_ATTRIBUTE}="${frame}" lang="${lang}">${content}</div>`
    }),
  ).join('')
}

/** Opens `address`, marks the given sign-in and sign-out times, runs the script; returns the kept frames. */
function visit(address: string, markers: { signin?: string; signout?: string } = {}) {
  history.replaceState(null, '', address)
  localStorage.clear()
  if (markers.signin !== undefined) localStorage.setItem(SIGNIN_EVENT_KEY, markers.signin)
  if (markers.signout !== undefined) localStorage.setItem(SIGNOUT_EVENT_KEY, markers.signout)
  // The head's script runs before the frames are parsed; the other after them.
  document.body.innerHTML = ''
  new Function(frameMarkScript)()
  pageWithFrames()
  new Function(script)()
  return [...document.querySelectorAll(`[${FRAME_ATTRIBUTE}]`)].map((element) =>
    element.getAttribute(FRAME_ATTRIBUTE),
  )
}

/** The language of the frames the script kept. */
const keptLangs = () =>
  [...document.querySelectorAll(`[${FRAME_ATTRIBUTE}]`)].map((element) =>
    element.getAttribute('lang'),
  )

afterEach(() => {
  vi.restoreAllMocks()
  delete document.documentElement.dataset.theme
  document.documentElement.lang = 'en'
  document.documentElement.removeAttribute('data-frame')
})

describe('frame choice script', () => {
  it('keeps the frame of the path, and for / and /tap the one the markers say', () => {
    expect(visit('/')).toEqual(['landing'])
    expect(visit('/', { signin: '2000', signout: '1000' })).toEqual(['list'])
    expect(visit('/', { signin: '1000', signout: '2000' })).toEqual(['landing'])
    expect(visit('/auth/email?redirect=%2Faccount')).toEqual(['sign-in'])
    expect(visit('/tap?uid=04A2', { signin: '5' })).toEqual(['tap'])
    expect(visit('/account', { signin: '5' })).toEqual(['blank'])
    expect(visit('/tap/')).toEqual(['blank'])
  })

  it('reads the markers as the app does, garbage included', () => {
    for (const markers of [
      { signin: '5', signout: 'x' },
      { signin: 'x', signout: '5' },
      { signin: '5' },
      { signin: '' },
      { signin: '1e3', signout: '999' },
    ]) {
      const frames = visit('/', markers)
      expect(frames, JSON.stringify(markers)).toEqual([signedInMarked() ? 'list' : 'landing'])
    }
  })

  it('shows the anonymous frames when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(visit('/tap?uid=04A2')).toEqual(['tap-anonymous'])
  })

  it("gives the anonymous tap's sign-in link this visit's tap, encoded", () => {
    visit('/tap?uid=04A2&ctr=000006&cmac=4B00')
    const link = document.querySelector<HTMLAnchorElement>('[data-tap-sign-in]')
    expect(link?.getAttribute('href')).toBe(
      '/auth/email?redirect=%2Ftap%3Fuid%3D04A2%26ctr%3D000006%26cmac%3D4B00',
    )
  })

  it('names the frame on <html> before any frame is parsed, for the stylesheet to show it alone', () => {
    history.replaceState(null, '', '/tap?uid=04A2')
    localStorage.setItem(SIGNIN_EVENT_KEY, '5')
    document.body.innerHTML = ''
    new Function(frameMarkScript)()
    expect(document.documentElement.getAttribute('data-frame')).toBe('tap')
  })

  it("keeps the frame in the page's language, else in the first one rendered", () => {
    document.documentElement.lang = 'es'
    expect(visit('/')).toEqual(['landing'])
    expect(keptLangs()).toEqual(['es'])
    document.documentElement.lang = 'ja'
    expect(visit('/tap?uid=04A2')).toEqual(['tap-anonymous'])
    expect(keptLangs()).toEqual(['en'])
  })

  it('names the theme switch for a light page in its language', () => {
    document.documentElement.lang = 'es'
    document.documentElement.dataset.theme = 'light'
    visit('/')
    expect(document.querySelector('[data-theme-toggle]')?.getAttribute('aria-label')).toBe(
      'Cambiar al tema oscuro',
    )
  })

  it('names the theme switch for a light page, and leaves it on a dark one', () => {
    visit('/')
    const toggle = () => document.querySelector('[data-theme-toggle]')
    expect(toggle()?.getAttribute('aria-label')).toBe('Switch to light theme')
    document.documentElement.dataset.theme = 'light'
    visit('/')
    expect(toggle()?.getAttribute('aria-label')).toBe('Switch to dark theme')
    expect(toggle()?.getAttribute('title')).toBe('Switch to dark theme')
  })
})
