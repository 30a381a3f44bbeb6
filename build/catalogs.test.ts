/**
 * The catalogs against the code: every message the code says is in every language's catalog,
 * translated, with the same placeholders as the English; no catalog keeps a message the code no
 * longer says. (`npm run i18n:extract` brings the catalogs up to date with the code.)
 */
import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALES, SOURCE_LOCALE } from '../src/core/locale.ts'

type Extracted = Record<string, { message?: string }>
type Read = Record<string, { message?: string; translation?: string; obsolete?: boolean }>

let extracted: Extracted = {}
const catalogs = new Map<string, Read>()

beforeAll(async () => {
  const config = getConfig({ cwd: process.cwd() })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('lingui.config.ts names no catalog')
  extracted = ((await catalog.collect()) ?? {}) as Extracted
  for (const locale of LOCALES) catalogs.set(locale, (await catalog.read(locale)) as Read)
}, 60_000)

/**
 * The names of a message's placeholders and ICU arguments (`{count}`, `<0>`), sorted. A compiled
 * message is a list of tokens: text, or `[name, format?, options?]`, whose options (a plural's or a
 * select's cases) are token lists again.
 */
function placeholders(text: string): string[] {
  const names = new Set<string>()
  const visit = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const [tag] of token.matchAll(/<\/?\d+\/?>/g)) names.add(tag)
      } else if (Array.isArray(token)) {
        names.add(`{${String(token[0])}}`)
        const options: unknown = token[2]
        if (options !== null && typeof options === 'object') {
          for (const branch of Object.values(options)) visit(branch)
        }
      }
    }
  }
  visit(compileMessage(text))
  return [...names].sort()
}

describe('the catalogs', () => {
  it('hold the messages the code says', () => {
    expect(Object.keys(extracted).length).toBeGreaterThan(0)
  })

  it.each(LOCALES)('%s has every message of the code, and no other', (locale) => {
    const catalog = catalogs.get(locale) ?? {}
    const missing = Object.keys(extracted).filter((id) => !(id in catalog))
    const unused = Object.keys(catalog).filter((id) => !(id in extracted))
    expect(
      missing.map((id) => extracted[id]?.message),
      'run npm run i18n:extract',
    ).toEqual([])
    expect(
      unused.map((id) => catalog[id]?.message),
      'run npm run i18n:extract',
    ).toEqual([])
  })

  it.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    '%s translates every message, keeping its placeholders',
    (locale) => {
      const catalog = catalogs.get(locale) ?? {}
      const untranslated = Object.values(catalog)
        .filter((entry) => !entry.translation?.trim())
        .map((entry) => entry.message)
      expect(untranslated).toEqual([])
      const mismatched = Object.values(catalog).flatMap((entry) => {
        const source = entry.message ?? ''
        const translation = entry.translation ?? ''
        return placeholders(source).join() === placeholders(translation).join()
          ? []
          : [{ source, translation }]
      })
      expect(mismatched).toEqual([])
    },
  )
})
