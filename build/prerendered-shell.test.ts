/**
 * The prerendered shell, rendered as the build renders it: every language of the list
 * (src/core/locale.ts) with its frames, from its own catalog, and the rules that show the page's
 * language's frames and no other's. So a language added to the list alone gets its catalog's
 * loader, its frames and its rule: nowhere else to add it.
 */
import { JSDOM } from 'jsdom'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, SOURCE_LOCALE } from '../src/core/locale.ts'
import { prerenderShell, type PrerenderedShell } from './page-shell.ts'
import { parseConfig } from '../src/config/defaults.ts'

/** The frames' attribute (src/app/frame-choice.ts, which the build does not import). */
const FRAME = 'data-shell-frame'

let shell: PrerenderedShell
/** A page holding the shell. */
let document: Document

beforeAll(async () => {
  shell = await prerenderShell('/src/app/prerender.tsx', parseConfig({}))
  document = new JSDOM(`<html><body>${shell.html}</body></html>`).window.document
}, 120_000)

/** The shell's frames as [kind, language] pairs, in page order. */
const frames = () =>
  [...document.querySelectorAll(`[${FRAME}]`)].map((element) => [
    element.getAttribute(FRAME),
    element.getAttribute('lang'),
  ])

describe('the prerendered shell', () => {
  it('has every kind of frame in every language of the list, English first', () => {
    const all = frames()
    const kinds = [...new Set(all.map(([kind]) => kind))]
    expect(kinds.length).toBeGreaterThan(1)
    expect(all).toEqual(LOCALES.flatMap((locale) => kinds.map((kind) => [kind, locale])))
  })

  it('says each language in its own words, from its own catalog', () => {
    const said = new Map(
      [...shell.noscript.matchAll(/<p lang="([^"]+)">([^<]+)<\/p>/g)].map(([, lang, text]) => [
        lang,
        text,
      ]),
    )
    expect([...said.keys()]).toEqual(LOCALES)
    for (const locale of LOCALES.filter((locale) => locale !== SOURCE_LOCALE)) {
      expect(said.get(locale), locale).not.toBe(said.get(SOURCE_LOCALE))
    }
  })

  it.each(LOCALES)('shows only the frames in %s on a page in that language', (locale) => {
    const rule = /^([^{}]+)\{display:none\}$/.exec(shell.css)
    expect(rule, 'one rule, which hides what its selectors match').not.toBeNull()
    document.documentElement.lang = locale
    const hidden = new Set(
      (rule?.[1] ?? '').split(',').flatMap((selector) => [...document.querySelectorAll(selector)]),
    )
    const shown = [...document.querySelectorAll(`[${FRAME}]`)].filter((frame) => !hidden.has(frame))
    expect(shown.length).toBeGreaterThan(1)
    expect(new Set(shown.map((frame) => frame.getAttribute('lang')))).toEqual(new Set([locale]))
  })
})
