import { describe, expect, it } from 'vitest'
import { isIos, isIosSafari, isStandalone } from './platform-detect.ts'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
}

describe('isIos / isIosSafari', () => {
  it.each([
    ['Safari on iPhone', { userAgent: UA.iphoneSafari }, true, true],
    ['Chrome on iPhone', { userAgent: UA.iphoneChrome }, true, false],
    [
      'iPad asking for desktop sites',
      { userAgent: UA.ipadDesktopMode, maxTouchPoints: 5 },
      true,
      true,
    ],
    ['Safari on a Mac', { userAgent: UA.ipadDesktopMode, maxTouchPoints: 0 }, false, false],
    ['Chrome on Android', { userAgent: UA.androidChrome, maxTouchPoints: 5 }, false, false],
  ])('%s', (_, nav, ios, safari) => {
    expect(isIos(nav)).toBe(ios)
    expect(isIosSafari(nav)).toBe(safari)
  })
})

describe('isStandalone', () => {
  const win = (standaloneMedia: boolean, navigatorStandalone?: boolean) =>
    ({
      matchMedia: (query: string) =>
        ({ matches: standaloneMedia && query === '(display-mode: standalone)' }) as MediaQueryList,
      navigator: { userAgent: '', standalone: navigatorStandalone } as unknown as Navigator,
    }) as Pick<Window, 'matchMedia' | 'navigator'>

  it('follows the display mode, or iOS Safari’s navigator.standalone', () => {
    expect(isStandalone(win(true))).toBe(true)
    expect(isStandalone(win(false, true))).toBe(true)
    expect(isStandalone(win(false))).toBe(false)
  })

  it('is false where matchMedia is missing', () => {
    const bare = { navigator: { userAgent: '' } } as unknown as Pick<
      Window,
      'matchMedia' | 'navigator'
    >
    expect(isStandalone(bare)).toBe(false)
  })
})
