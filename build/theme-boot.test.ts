/** The theme boot script: the holder's theme, else the system's, before first paint. */
import { describe, expect, it } from 'vitest'
import { themeBootScript } from './theme-boot.ts'

/**
 * Runs the boot script against a stand-in page, storage and system preference; returns the theme
 * it set and the colour it gave the browser's bar.
 */
function boot(storage: { getItem(key: string): string | null }, systemPrefersLight = false) {
  const documentElement = { dataset: {} as Record<string, string> }
  const meta = {
    content: '#161616',
    setAttribute: (_: string, value: string) => void (meta.content = value),
  }
  const document = { documentElement, querySelector: () => meta }
  const window = { matchMedia: () => ({ matches: systemPrefersLight }) }
  new Function('document', 'localStorage', 'window', 'matchMedia', themeBootScript)(
    document,
    storage,
    window,
    window.matchMedia,
  )
  return { theme: documentElement.dataset.theme, color: meta.content }
}

const nothingStored = { getItem: () => null }

describe('theme boot script', () => {
  it('follows the system when the holder has not chosen, dark where it says nothing', () => {
    expect(boot(nothingStored)).toEqual({ theme: 'dark', color: '#161616' })
    expect(boot(nothingStored, true)).toEqual({ theme: 'light', color: '#fafaf7' })
    expect(boot({ getItem: () => 'purple' }, true).theme).toBe('light')
  })

  it("keeps the holder's choice over the system's", () => {
    const chose = (theme: string) => ({
      getItem: (key: string) => (key === 'theme' ? theme : null),
    })
    expect(boot(chose('dark'), true)).toEqual({ theme: 'dark', color: '#161616' })
    expect(boot(chose('light'), false)).toEqual({ theme: 'light', color: '#fafaf7' })
  })

  it('falls back to the system when storage throws (blocked storage)', () => {
    const blocked = {
      getItem(): string | null {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(boot(blocked).theme).toBe('dark')
    expect(boot(blocked, true).theme).toBe('light')
  })

  it('can sit inside a script element and needs nothing the page lacks', () => {
    expect(themeBootScript).not.toMatch(/<\/script|<!--|\b__[A-Za-z]+\(/i)
    expect(themeBootScript).toMatch(/^\(function bootTheme\(/)
  })
})
