import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chosenLocale, isLocale, LOCALES, pickLocale, SOURCE_LOCALE } from './locale.ts'

describe('chosenLocale', () => {
  it.each([
    [['es-MX', 'en'], 'es'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['PT-br'], 'pt-BR'],
    [['ja-JP'], 'ja'],
    [['de_AT'], 'de'],
    [['fr-CA', 'es'], 'fr'],
    [['nl-NL', 'de-DE', 'en'], 'de'],
    [['zh-CN', 'ko'], 'en'],
    [[], 'en'],
    [['', ' es '], 'es'],
  ])('a browser preferring %j gets %s', (preferred, locale) => {
    expect(chosenLocale(null, preferred)).toBe(locale)
  })

  it('keeps the holder’s choice over the browser’s languages', () => {
    expect(chosenLocale('ja', ['de-DE', 'en'])).toBe('ja')
    expect(chosenLocale('pt-BR', ['en'])).toBe('pt-BR')
  })

  it('ignores a stored value that is not one of the app’s languages', () => {
    expect(chosenLocale('klingon', ['fr'])).toBe('fr')
    expect(chosenLocale('PT-BR', [])).toBe('en')
    expect(chosenLocale('__proto__', [])).toBe('en')
  })

  it('skips what is not a tag (a browser that lies, a stub)', () => {
    expect(chosenLocale(null, [null, 42, {}, 'es'])).toBe('es')
  })

  it('always answers one of the app’s languages, and the choice when it is one', () => {
    fc.assert(
      fc.property(
        fc.option(fc.oneof(fc.constantFrom(...LOCALES), fc.string()), { nil: null }),
        fc.array(fc.oneof(fc.constantFrom(...LOCALES, 'es-AR', 'pt-PT'), fc.string())),
        (stored, preferred) => {
          const locale = chosenLocale(stored, preferred)
          expect(isLocale(locale)).toBe(true)
          if (isLocale(stored)) expect(locale).toBe(stored)
        },
      ),
    )
  })
})

describe('LOCALES', () => {
  it('lists English, the source and every pick’s fallback, first', () => {
    expect(LOCALES[0]).toBe(SOURCE_LOCALE)
    expect(pickLocale(null, [], LOCALES)).toBe(SOURCE_LOCALE)
  })
})

describe('pickLocale', () => {
  it('falls back to the first of its languages', () => {
    expect(pickLocale(null, ['en'], ['de', 'fr'])).toBe('de')
  })
})
