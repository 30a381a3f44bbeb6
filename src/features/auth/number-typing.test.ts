/** Formatting as the holder types: digits added at the end are formatted, nothing else is touched. */
import { describe, expect, it } from 'vitest'
import { formatAsTyped, typeNumber, type TypedNumber } from './number-typing.ts'

/** Types `keys` one at a time at the end of the field, as a keyboard does. */
function typeKeys(
  region: 'US' | 'GB' | 'AR' | 'EG' | 'IR',
  keys: string,
  start: TypedNumber = { value: '', byHand: false },
) {
  let field = start
  for (const key of keys) field = typeNumber(region, field, field.value + key, true)
  return field
}

describe('formatAsTyped', () => {
  it('formats the digits for the country', () => {
    expect(formatAsTyped('US', '4155550132')).toBe('(415) 555-0132')
    expect(formatAsTyped('GB', '07911123456')).toBe('07911 123456')
    expect(formatAsTyped('US', '+447911123456')).toBe('+44 7911 123456')
    expect(formatAsTyped('AR', '0111523456789')).toBe('011 15-2345-6789')
  })

  it('formats digits of other scripts, keeping them in their script', () => {
    expect(formatAsTyped('EG', '٠١٠٠١٢٣٤٥٦٧')).toBe('٠١٠ ٠١٢٣٤٥٦٧')
    expect(formatAsTyped('IR', '۰۹۱۲۳۴۵۶۷۸۹')).toBe('۰۹۱۲ ۳۴۵ ۶۷۸۹')
    // Mixed scripts come out in ASCII rather than guess.
    expect(formatAsTyped('US', '415٥٥٥0132')).toBe('(415) 555-0132')
  })

  it('gives up rather than drop anything but its own separators', () => {
    expect(formatAsTyped('US', '415-555-O1O1')).toBeNull()
    expect(formatAsTyped('US', '415 555 0132 x2')).toBeNull()
  })
})

describe('typeNumber', () => {
  it('formats each digit typed at the end', () => {
    expect(typeKeys('US', '415555').value).toBe('(415) 555')
    expect(typeKeys('US', '4155550132')).toEqual({ value: '(415) 555-0132', byHand: false })
    expect(typeKeys('GB', '+447911123456').value).toBe('+44 7911 123456')
  })

  it('leaves the formatting to a holder who types a separator, and keeps every character', () => {
    const typed = typeKeys('GB', '+44 (0)7911 123456')
    expect(typed).toEqual({ value: '+44 (0)7911 123456', byHand: true })
    expect(typeKeys('US', '(415) 555-0132').value).toBe('(415) 555-0132')
  })

  it('lets a deletion stand, even of a separator it placed', () => {
    const formatted = typeKeys('US', '415')
    expect(formatted.value).toBe('(415)')
    expect(typeNumber('US', formatted, '(415', true).value).toBe('(415')
    expect(typeNumber('US', formatted, '', true)).toEqual({ value: '', byHand: false })
  })

  it('formats again when a digit is deleted at the end, so a digit too many is undone whole', () => {
    // An 11th digit is more than a US number has: the formatter gives up and shows digits only.
    const tooMany = typeKeys('US', '41555501329')
    expect(tooMany.value).toBe('41555501329')
    const deleted = typeNumber('US', tooMany, '4155550132', true)
    expect(deleted).toEqual({ value: '(415) 555-0132', byHand: false })
    // A separator deleted alone still stands; the next digit deleted formats again.
    const noDash = typeNumber('US', deleted, '(415) 5550132', false)
    expect(noDash.value).toBe('(415) 5550132')
    const formatted = typeKeys('US', '4155550')
    expect(formatted.value).toBe('(415) 555-0')
    expect(typeNumber('US', formatted, '(415) 555-', true).value).toBe('(415) 555')
  })

  it('keeps a holder’s own formatting when they delete a digit', () => {
    const byHand = typeKeys('US', '415 555 01329')
    expect(typeNumber('US', byHand, '415 555 0132', true).value).toBe('415 555 0132')
  })

  it('formats Arabic-Indic and Persian digits typed one at a time', () => {
    expect(typeKeys('EG', '٠١٠٠١٢٣٤٥٦٧')).toEqual({ value: '٠١٠ ٠١٢٣٤٥٦٧', byHand: false })
    expect(typeKeys('IR', '۰۹۱۲۳۴۵۶۷۸۹').value).toBe('۰۹۱۲ ۳۴۵ ۶۷۸۹')
  })

  it('leaves an edit in the middle as it is, caret and all', () => {
    const formatted = typeKeys('US', '4155550132')
    expect(typeNumber('US', formatted, '(415) 5550-0132', false).value).toBe('(415) 5550-0132')
  })

  it('formats a paste of bare digits, and keeps a pasted number formatted by someone else', () => {
    const empty = { value: '', byHand: false }
    expect(typeNumber('US', empty, '4155550132', true).value).toBe('(415) 555-0132')
    expect(typeNumber('GB', empty, '+44 (0) 7911 123456', true).value).toBe('+44 (0) 7911 123456')
  })

  it('starts formatting again once the field is cleared', () => {
    const byHand = typeKeys('US', '415 ')
    expect(byHand.byHand).toBe(true)
    const cleared = typeNumber('US', byHand, '', true)
    expect(typeKeys('US', '4155', cleared).value).toBe('(415) 5')
  })
})
