/** The language boot script: the page's language, and its catalog on its way, before first paint. */
import { describe, expect, it } from 'vitest'
import { localeBootScript } from './locale-boot.ts'

const CATALOGS = { es: '/assets/es-1.js', ja: '/assets/ja-2.js' }

/** Runs the script against a stand-in page, storage and browser; returns the language and preloads. */
function boot(
  storage: { getItem(key: string): string | null },
  navigator: { languages?: unknown; language: string },
  catalogs: Record<string, string> = CATALOGS,
) {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = []
  const documentElement = { lang: 'en' }
  const document = {
    documentElement,
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof links)[number]) => void links.push(link) },
  }
  new Function('document', 'localStorage', 'navigator', localeBootScript(catalogs))(
    document,
    storage,
    navigator,
  )
  return { lang: documentElement.lang, preloads: links }
}

const nothingStored = { getItem: () => null }

describe('locale boot script', () => {
  it("sets the browser's best language and preloads its catalog", () => {
    expect(boot(nothingStored, { languages: ['es-MX', 'en'], language: 'es-MX' })).toEqual({
      lang: 'es',
      preloads: [{ rel: 'modulepreload', href: '/assets/es-1.js', crossOrigin: '' }],
    })
  })

  it('preloads nothing for English, whose messages are in the code', () => {
    expect(boot(nothingStored, { languages: ['en-GB'], language: 'en-GB' })).toEqual({
      lang: 'en',
      preloads: [],
    })
    expect(boot(nothingStored, { languages: ['ko'], language: 'ko' }).lang).toBe('en')
  })

  it("keeps the holder's choice over the browser's", () => {
    const chose = { getItem: (key: string) => (key === 'locale' ? 'ja' : null) }
    const { lang, preloads } = boot(chose, { languages: ['es'], language: 'es' })
    expect(lang).toBe('ja')
    expect(preloads.map((link) => link.href)).toEqual(['/assets/ja-2.js'])
  })

  it('lets the browser decide when storage is blocked, and copes without navigator.languages', () => {
    const blocked = {
      getItem(): string | null {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(boot(blocked, { language: 'ja-JP' }).lang).toBe('ja')
  })

  it('preloads nothing in a page built without catalogs (dev)', () => {
    expect(boot(nothingStored, { languages: ['es'], language: 'es' }, {}).preloads).toEqual([])
  })

  it('can sit inside a script element and needs nothing the page lacks', () => {
    const script = localeBootScript(CATALOGS)
    expect(script).not.toMatch(/<\/script|<!--|\b__[A-Za-z]+\(/i)
    expect(script).toMatch(/^\(function bootLocale\(/)
  })
})
