/** Phone numbers typed for a text-message code become E.164, or say why not. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COUNTRIES, countryOf, defaultRegion, isE164, toE164 } from './phone-number.ts'

const US = countryOf('US')
const GB = countryOf('GB')
const IT = countryOf('IT')

describe('toE164', () => {
  it.each([
    [US, '(415) 555-0101', '+14155550101'],
    [US, '415.555.0101', '+14155550101'],
    [GB, '07700 900123', '+447700900123'],
    [GB, '7700 900123', '+447700900123'],
    [IT, '06 1234 5678', '+390612345678'],
    [US, '+44 7700 900123', '+447700900123'],
    [US, '0044 7700 900123', '+447700900123'],
  ])('reads %s %s as %s', (country, typed, e164) => {
    expect(toE164(country, typed)).toEqual({ ok: true, e164 })
  })

  it('says why a number cannot be used', () => {
    expect(toE164(US, '  ')).toEqual({ ok: false, reason: 'empty' })
    expect(toE164(US, '415-555-O1O1')).toEqual({ ok: false, reason: 'characters' })
    expect(toE164(US, '+1 415 555 0101 ext 2')).toEqual({ ok: false, reason: 'characters' })
    expect(toE164(US, '12345')).toEqual({ ok: false, reason: 'length' })
    expect(toE164(US, '+1234567890123456')).toEqual({ ok: false, reason: 'length' })
    expect(toE164(US, '+0123456789')).toEqual({ ok: false, reason: 'length' })
  })

  const country = fc.constantFrom(...COUNTRIES)
  /** A national number that fits E.164 with `dial` in front (no trunk 0). */
  const national = (dial: string) =>
    fc
      .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 })))
      .map(([first, rest]) => `${first}${rest.join('')}`)
      .filter((digits) => dial.length + digits.length >= 7 && dial.length + digits.length <= 15)

  it('puts the country code before any national number that fits, separators or not', () => {
    fc.assert(
      fc.property(
        country.chain((picked) =>
          fc.tuple(
            fc.constant(picked),
            national(picked.dial),
            fc.array(fc.constantFrom(' ', '-', '.', '(', ')')),
          ),
        ),
        ([picked, digits, separators]) => {
          const expected = { ok: true, e164: `+${picked.dial}${digits}` }
          expect(toE164(picked, digits)).toEqual(expected)
          const spaced = [...digits].map((digit, at) => digit + (separators[at] ?? '')).join('')
          expect(toE164(picked, spaced)).toEqual(expected)
        },
      ),
    )
  })

  it('only ever answers E.164, whatever is typed', () => {
    fc.assert(
      fc.property(country, fc.string({ maxLength: 24 }), (picked, typed) => {
        const result = toE164(picked, typed)
        if (result.ok) expect(isE164(result.e164)).toBe(true)
      }),
    )
  })
})

describe('defaultRegion', () => {
  it('takes the first language that names or implies a listed region', () => {
    expect(defaultRegion(['en-GB', 'en-US'])).toBe('GB')
    expect(defaultRegion(['de'])).toBe('DE')
    expect(defaultRegion(['fr-CA'])).toBe('CA')
    expect(defaultRegion(['not a tag', 'pt-BR'])).toBe('BR')
  })

  it('falls back to the United States', () => {
    expect(defaultRegion([])).toBe('US')
    expect(defaultRegion(['x-klingon'])).toBe('US')
  })
})
