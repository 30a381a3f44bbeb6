/** Mobile numbers typed the ways people type them become E.164, or say why they cannot be texted. */
import fc from 'fast-check'
import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  type CountryCode,
} from 'libphonenumber-js/mobile'
import examples from 'libphonenumber-js/mobile/examples'
import { describe, expect, it } from 'vitest'
import { asciiDigits, defaultRegion, toE164, type PhoneProblem } from './phone-number.ts'

/** Every one-digit typo of `digits`: one added, dropped, changed, or two neighbours swapped. */
function typos(digits: string): Set<string> {
  const found = new Set<string>()
  for (let at = 0; at <= digits.length; at++) {
    const before = digits.slice(0, at)
    for (const digit of '0123456789') {
      found.add(before + digit + digits.slice(at))
      if (at < digits.length) found.add(before + digit + digits.slice(at + 1))
    }
    if (at < digits.length) found.add(before + digits.slice(at + 1))
    const [a, b] = [digits[at], digits[at + 1]]
    if (a && b) found.add(before + b + a + digits.slice(at + 2))
  }
  found.delete(digits)
  return found
}

/** The country picked, what the holder typed, and the E.164 number it must become. */
const TYPED: readonly (readonly [CountryCode, string, string])[] = [
  // United States and Canada: trunk prefix 1, international prefix 011.
  ['US', '(415) 555-0132', '+14155550132'],
  ['US', '415.555.0132', '+14155550132'],
  ['US', '415/555/0132', '+14155550132'],
  ['US', '415\u00a0555\u00a00132', '+14155550132'],
  ['US', '1 415 555 0132', '+14155550132'],
  ['US', '+1 (415) 555-0132', '+14155550132'],
  ['US', '４１５−５５５−０１３２', '+14155550132'],
  ['US', '\u202a+1 415 555 0132\u202c', '+14155550132'],
  ['US', '011 44 7911 123456', '+447911123456'],
  ['US', '0044 7911 123456', '+447911123456'],
  ['US', '+011 44 7911 123456', '+447911123456'],
  ['CA', '1-506-234-5678', '+15062345678'],
  ['FR', '+1 415 555 0132', '+14155550132'],
  // United Kingdom: trunk 0, `(0)` inside the international form, 00.
  ['GB', '07911 123456', '+447911123456'],
  ['GB', '7911 123456', '+447911123456'],
  ['GB', '+44 (0)7911 123456', '+447911123456'],
  ['GB', '0044 (0) 7911 123456', '+447911123456'],
  ['GB', '44 7911 123456', '+447911123456'],
  ['GB', '07400 123456', '+447400123456'],
  ['GB', '00353 85 012 3456', '+353850123456'],
  ['IE', '085 012 3456', '+353850123456'],
  ['FR', '06 12 34 56 78', '+33612345678'],
  ['FR', '06.12.34.56.78', '+33612345678'],
  ['FR', '+33 (0)6 12 34 56 78', '+33612345678'],
  ['DE', '0151 23456789', '+4915123456789'],
  ['DE', '(0151) 234 56789', '+4915123456789'],
  ['DE', '49 1512 3456789', '+4915123456789'],
  ['DE', '+49 (0)151 23456789', '+4915123456789'],
  ['IT', '312 345 6789', '+393123456789'],
  ['IT', '+39 312 345 6789', '+393123456789'],
  ['ES', '612 34 56 78', '+34612345678'],
  ['NL', '06-12345678', '+31612345678'],
  ['SE', '070-123 45 67', '+46701234567'],
  ['CH', '078 123 45 67', '+41781234567'],
  ['PL', '0048 512-345-678', '+48512345678'],
  // Hungary's trunk prefix is 06.
  ['HU', '06 20 123 4567', '+36201234567'],
  ['TR', '0501 234 56 78', '+905012345678'],
  // Russia: trunk 8, the old international prefix 810 (8, tone, 10).
  ['RU', '8 (912) 345-67-89', '+79123456789'],
  ['RU', '+7 912 345 67 89', '+79123456789'],
  ['RU', '810 44 7911 123456', '+447911123456'],
  ['IL', '050-234-5678', '+972502345678'],
  ['IL', '012 44 7911 123456', '+447911123456'],
  ['EG', '010 01234567', '+201001234567'],
  ['ZA', '071 123 4567', '+27711234567'],
  ['NG', '0802 123 4567', '+2348021234567'],
  ['NG', '009 44 7911 123456', '+447911123456'],
  ['KE', '0712 123456', '+254712123456'],
  ['KE', '000 44 7911 123456', '+447911123456'],
  ['IN', '081234 56789', '+918123456789'],
  ['IN', '+91-81234-56789', '+918123456789'],
  ['CN', '131 2345 6789', '+8613123456789'],
  ['CN', '00 44 7911 123456', '+447911123456'],
  // Japan: international prefix 010; full-width digits with the long-vowel mark as a dash.
  ['JP', '090-1234-5678', '+819012345678'],
  ['JP', '010 44 7911 123456', '+447911123456'],
  ['JP', '０９０ー１２３４ー５６７８', '+819012345678'],
  ['KR', '010-2000-0000', '+821020000000'],
  ['KR', '001 1 415 555 0132', '+14155550132'],
  ['TW', '0912 345 678', '+886912345678'],
  ['TW', '002 44 7911 123456', '+447911123456'],
  ['VN', '091 234 56 78', '+84912345678'],
  ['VN', '(+84) 91 234 5678', '+84912345678'],
  ['VN', '84 91 234 56 78', '+84912345678'],
  ['SG', '8123 4567', '+6581234567'],
  ['SG', '001 44 7911 123456', '+447911123456'],
  ['PH', '0905 123 4567', '+639051234567'],
  ['ID', '0812-345-678', '+62812345678'],
  // Australia: international prefix 0011.
  ['AU', '0412 345 678', '+61412345678'],
  ['AU', '+61 (0)412 345 678', '+61412345678'],
  ['AU', '0011 44 7911 123456', '+447911123456'],
  ['NZ', '021 123 4567', '+64211234567'],
  // Argentina: a mobile dialled at home is 0 + area + 15 + number, abroad +54 9 + area + number.
  ['AR', '011 15 2345-6789', '+5491123456789'],
  ['AR', '11 15 2345 6789', '+5491123456789'],
  ['AR', '+54 9 11 2345-6789', '+5491123456789'],
  ['AR', '+54 11 15 2345-6789', '+5491123456789'],
  // Brazil: a carrier code after the trunk 0, and after 00 abroad.
  ['BR', '(11) 96123-4567', '+5511961234567'],
  ['BR', '0 21 11 96123-4567', '+5511961234567'],
  ['BR', '0021 1 415 555 0132', '+14155550132'],
  // Mexico: the mobile `1` after +52, dropped in 2019, still in contacts.
  ['MX', '55 1234 5678', '+525512345678'],
  ['MX', '+52 1 55 1234 5678', '+525512345678'],
  ['MX', '00 1 415 555 0132', '+14155550132'],
  ['CO', '321 1234567', '+573211234567'],
  ['CO', '009 44 7911 123456', '+447911123456'],
  // Arabic-Indic and Persian digits, as holders in Egypt and Iran type them.
  ['EG', '٠١٠ ٠١٢٣ ٤٥٦٧', '+201001234567'],
  ['EG', '+٢٠ ١٠ ٠١٢٣ ٤٥٦٧', '+201001234567'],
  ['IR', '۰۹۱۲ ۳۴۵ ۶۷۸۹', '+989123456789'],
  ['IN', '०८१२३ ४५६७८९', '+918123456789'],
]

/** Numbers that cannot be texted, with the country picked and why. */
const REFUSED: readonly (readonly [CountryCode, string, PhoneProblem])[] = [
  ['US', '', 'empty'],
  ['US', ' - ( ) ', 'empty'],
  ['US', '123456', 'too-short'],
  ['US', '+1 415 555 01329', 'too-long'],
  ['US', '12345678901234567890', 'too-long'],
  ['FR', '06 12 34', 'too-short'],
  ['US', '415-555-O1O1', 'characters'],
  ['US', 'call me', 'characters'],
  ['US', '+1 415 555 0132 ext 2', 'extension'],
  ['US', '+999 1234 5678', 'country-code'],
  // Landlines: a text cannot reach them.
  ['GB', '020 7946 0018', 'not-mobile'],
  ['SG', '6123 4567', 'not-mobile'],
  ['IT', '06 1234 5678', 'not-mobile'],
  ['AR', '+54 11 2345-6789', 'not-mobile'],
  // A freephone number, and a UK range kept for drama (never assigned to a phone).
  ['US', '+1 800 555 0132', 'not-mobile'],
  ['GB', '07700 900123', 'not-mobile'],
  // A national number with a digit too many, never sent to the country its first digits name.
  ['BD', '18123456785', 'too-long'],
  ['IQ', '79123456785', 'too-long'],
  // Another country's international prefix: to be typed with +, as it may be a national number.
  ['US', '0011 44 7911 123456', 'international'],
  ['US', '010 44 7911 123456', 'international'],
  ['GB', '011 1 415 555 0132', 'international'],
  ['AR', '0114523456789', 'international'],
  // Letters are refused even where the digits alone would be a number.
  ['DE', '49 1512 3456789 x', 'characters'],
]

describe('toE164', () => {
  it(`has a table of ${TYPED.length} numbers from ${new Set(TYPED.map(([region]) => region)).size} countries`, () => {
    expect(TYPED.length).toBeGreaterThanOrEqual(40)
    expect(new Set(TYPED.map(([region]) => region)).size).toBeGreaterThanOrEqual(20)
  })

  it.each(TYPED)('reads %s %j as %s', (region, typed, e164) => {
    expect(toE164(region, typed)).toMatchObject({ ok: true, e164 })
  })

  it.each(REFUSED)('refuses %s %j: %s', (region, typed, reason) => {
    expect(toE164(region, typed)).toMatchObject({ ok: false, reason })
  })

  it('says which plan refused a number', () => {
    expect(toE164('US', '+44 20 7946 0018')).toEqual({
      ok: false,
      reason: 'not-mobile',
      callingCode: '44',
    })
    expect(toE164('US', '123456')).toEqual({ ok: false, reason: 'too-short', callingCode: '1' })
    expect(toE164('US', '+999 1234 5678')).toEqual({
      ok: false,
      reason: 'country-code',
      callingCode: '999',
    })
    expect(toE164('US', '+0 12345678')).toEqual({ ok: false, reason: 'country-code' })
  })

  it('names the number another country’s international prefix may have meant', () => {
    expect(toE164('US', '0011 44 7911 123456')).toEqual({
      ok: false,
      reason: 'international',
      international: '+44 7911 123456',
    })
  })

  // Budget: every typo of every country, not a sample (245 countries, about 46,000 numbers
  // read), about 2 s alone here; 60 s holds on a machine 4x slower under a full run's load.
  it('sends a national number with a typo to no other calling code than the picked country’s', () => {
    // Every one-digit typo (added, dropped, changed, swapped) of each country's example mobile,
    // typed as at home. The one way left is the picked country's own international prefix `00`
    // (Germany's `0 0151…`, a zero typed twice), which the numbering plan itself reads.
    const foreign: string[] = []
    for (const region of getCountries()) {
      const example = getExampleNumber(region, examples)
      if (!example) continue
      const home = example.formatNational().replace(/\D/g, '')
      for (const typo of typos(home)) {
        const result = toE164(region, typo)
        const callingCode = `+${getCountryCallingCode(region)}`
        if (result.ok && !result.e164.startsWith(callingCode) && !typo.startsWith('00')) {
          foreign.push(`${region} ${typo} → ${result.e164}`)
        }
      }
    }
    expect(foreign).toEqual([])
  }, 60_000)

  it('gives the international format to show', () => {
    expect(toE164('GB', '07911123456')).toEqual({
      ok: true,
      e164: '+447911123456',
      international: '+44 7911 123456',
    })
    expect(toE164('AR', '011 15 2345-6789')).toMatchObject({ international: '+54 9 11 2345 6789' })
  })

  it('only ever answers E.164 of a number it can read, whatever is typed', () => {
    const regions = fc.constantFrom(...getCountries())
    const typed = fc.string({
      unit: fc.constantFrom(...'0123456789+ ()-.０x'),
      maxLength: 22,
    })
    fc.assert(
      fc.property(regions, typed, (region, text) => {
        const result = toE164(region, text)
        if (result.ok) expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/)
      }),
    )
  })
})

describe('asciiDigits', () => {
  it('reads the decimal digits of every script, and leaves everything else', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(asciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(asciiDigits('+९१ ৮১২৩ ๔๕๖')).toBe('+91 8123 456')
    expect(asciiDigits('𝟎𝟗 𝟵')).toBe('09 9')
    expect(asciiDigits('(415) 555-0132 ext. 2')).toBe('(415) 555-0132 ext. 2')
  })
})

describe('defaultRegion', () => {
  it('takes the first language that names or implies a region with a numbering plan', () => {
    expect(defaultRegion(['en-GB', 'en-US'])).toBe('GB')
    expect(defaultRegion(['vi-VN'])).toBe('VN')
    expect(defaultRegion(['es-CO', 'es'])).toBe('CO')
    expect(defaultRegion(['de'])).toBe('DE')
    expect(defaultRegion(['fr-CA'])).toBe('CA')
    expect(defaultRegion(['not a tag', 'pt-BR'])).toBe('BR')
    // 419 is Latin America, a region with no numbering plan of its own: the next language decides.
    expect(defaultRegion(['es-419', 'es-MX'])).toBe('MX')
  })

  it('falls back to the United States', () => {
    expect(defaultRegion([])).toBe('US')
    expect(defaultRegion(['x-klingon'])).toBe('US')
  })
})
