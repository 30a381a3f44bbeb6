/**
 * Mobile numbers for text-message sign-in, read with Google's numbering plans (libphonenumber-js,
 * mobile metadata): what the holder typed becomes E.164, or says why it cannot be texted.
 * Imported only by the lazily loaded phone step (decision 019).
 */
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/mobile'

/** The picker's choice when the browser's languages name no region the metadata knows. */
export const FALLBACK_REGION: CountryCode = 'US'

const REGIONS: ReadonlySet<string> = new Set(getCountries())

/** Whether `region` is a country or territory the metadata has a numbering plan for. */
export function isRegion(region: string): region is CountryCode {
  return REGIONS.has(region)
}

/**
 * The region of the first of the browser's languages that names (or implies) one: `en-GB` is GB,
 * `de` is likely DE. Anything unreadable is skipped; none at all is the United States.
 */
export function defaultRegion(languages: readonly string[]): CountryCode {
  for (const tag of languages) {
    try {
      const locale = new Intl.Locale(tag)
      const region = locale.region ?? locale.maximize().region
      if (region && isRegion(region)) return region
    } catch {
      // Not a language tag: try the next.
    }
  }
  return FALLBACK_REGION
}

/** Why a typed number cannot be texted. */
export type PhoneProblem =
  | 'empty'
  | 'characters'
  | 'extension'
  | 'country-code'
  | 'too-short'
  | 'too-long'
  | 'length'
  | 'not-mobile'
  /** Dialled through another country's international prefix: to be typed with `+`. */
  | 'international'

/**
 * What became of a typed number: E.164 and the international format to show, or why not, with
 * the calling code whose plan refused it (when one was read), or the number it may have meant.
 */
export type PhoneCheck =
  | { ok: true; e164: string; international: string }
  | { ok: false; reason: PhoneProblem; callingCode?: string; international?: string }

const DIGIT = /\p{Nd}/u

/**
 * The zero of the script `digit` belongs to (`٠` for `٣`): Unicode keeps each script's decimal
 * digits as a run of ten from its zero, and runs of several scripts touch only in tens.
 */
export function zeroOf(digit: string): number {
  const code = digit.codePointAt(0) ?? 0
  let start = code
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--
  return code - ((code - start) % 10)
}

/**
 * `text` with every decimal digit, of whatever script, as an ASCII one: `٠١٠` (Arabic-Indic) and
 * `۰۹۱۲` (Persian) are how many holders type. libphonenumber's own `parseIncompletePhoneNumber`
 * reads only those two scripts and full-width digits, and drops every other character, which the
 * reasons for a refusal (letters, an extension) need.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => String((digit.codePointAt(0) ?? 0) - zeroOf(digit)))
}

/**
 * Characters a pasted or autofilled number carries that the parser does not take: NFKC turns
 * full-width digits, `＋` and odd spaces into plain ones; digits of other scripts become ASCII;
 * invisible bidi marks (contacts apps wrap numbers in them) and zero-width spaces go; `(+84)`
 * loses its brackets.
 */
function tidy(typed: string): string {
  return asciiDigits(typed.normalize('NFKC'))
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Zs}/gu, ' ')
    .replace(/^\s*\(\s*\+\s*(\d{1,3})\s*\)/, '+$1 ')
    .trim()
}

/** Letters, except the Japanese long-vowel mark people type as a dash (`０９０ー１２３４`). */
const LETTER = /[^\P{L}ー]/u

function parse(text: string, region: CountryCode): PhoneNumber | ParseError {
  try {
    return parsePhoneNumberWithError(text, { defaultCountry: region, extract: false })
  } catch (error) {
    if (error instanceof ParseError) return error
    throw error
  }
}

/**
 * International prefixes of other countries than the picked one: `011` (North America), `0011`
 * (Australia), `010` (Japan), `001`, `002`, `009` (Korea, Taiwan, Singapore, Nigeria, Colombia…),
 * `000` (Kenya, Tanzania), `012`–`014` (Israel), `810` (Russia, still in use). `00`, the prefix of
 * most of the world, is read as one anywhere (`otherReadings`).
 */
const PREFIXES_ABROAD = [
  '000',
  '001',
  '002',
  '009',
  '0011',
  '010',
  '011',
  '012',
  '013',
  '014',
  '810',
]

function isMobile(reading: PhoneNumber | ParseError): reading is PhoneNumber {
  return !(reading instanceof ParseError) && reading.isValid() && !reading.ext
}

/** `text` without a `+` typed before an international prefix (`+00 44…`, `+011 44…`). */
function withoutPlusBeforePrefix(text: string): string {
  // No calling code starts with 0, so a `+0` can only be a `+` too many.
  return /^\+\s*0/.test(text) ? text.replace(/^\+\s*/, '') : text
}

/**
 * Other readings of a number the parser did not take as a mobile, each tried only when it did
 * not: ways people type that the metadata does not cover. None sends a number the holder typed
 * without a `+` or an international prefix to another calling code than the picked country's.
 */
function otherReadings(text: string, region: CountryCode, first: PhoneNumber | ParseError) {
  const readings: string[] = []
  const plain = withoutPlusBeforePrefix(text)
  if (plain !== text) readings.push(plain)
  const digits = plain.replace(/\D/g, '')
  // `00` is the international prefix of most of the world, typed out of habit where the picked
  // country's is another (`0044…` with the United States picked, whose prefix is 011).
  if (!plain.startsWith('+') && digits.startsWith('00')) readings.push(`+${digits.slice(2)}`)
  // The picked country's calling code without its `+` (`49 1512 3456789` with Germany): the
  // metadata only strips it for some countries. Only the picked country's: read as any calling
  // code, a national number with a digit too many became another country's (Bangladesh's
  // `18123456785` a US number, Iraq's `79123456785` a Russian one).
  if (!plain.startsWith('+') && digits.startsWith(getCountryCallingCode(region))) {
    readings.push(`+${digits}`)
  }
  // Mexico dropped the `1` after +52 for mobiles in 2019; contacts apps still hold it.
  if (!(first instanceof ParseError) && first.countryCallingCode === '52') {
    const national = first.nationalNumber
    if (national.length === 11 && national.startsWith('1')) readings.push(`+52${national.slice(1)}`)
  }
  return readings.map((reading) => parse(reading, region))
}

/**
 * The mobile `text` reads as through another country's international prefix (`0011 44 7911
 * 123456` with the United States picked), or null; a list when the prefixes read it as several.
 * Never sent as it is: these prefixes are also how national numbers begin (Buenos Aires' `011`,
 * Egypt's `010` mobiles), so a national number with a digit too many would reach a stranger.
 */
function readAbroad(text: string, region: CountryCode): PhoneNumber[] {
  const plain = withoutPlusBeforePrefix(text)
  if (plain.startsWith('+')) return []
  const digits = plain.replace(/\D/g, '')
  const found = new Map<string, PhoneNumber>()
  for (const prefix of PREFIXES_ABROAD) {
    if (!digits.startsWith(prefix)) continue
    const reading = parse(`+${digits.slice(prefix.length)}`, region)
    if (isMobile(reading)) found.set(reading.number, reading)
  }
  return [...found.values()]
}

function accepted(number: PhoneNumber): PhoneCheck {
  return { ok: true, e164: number.number, international: number.formatInternational() }
}

/** Why the first reading was refused, in the terms of its calling code's numbering plan. */
function refusal(text: string, region: CountryCode, first: PhoneNumber | ParseError): PhoneCheck {
  if (LETTER.test(text)) return { ok: false, reason: 'characters' }
  if (first instanceof ParseError) {
    if (first.message === 'INVALID_COUNTRY') {
      // No calling code starts with 0: "+0…" names none, so none is quoted back.
      const callingCode = /^\+\s*([1-9]\d{0,2})/.exec(text)?.[1]
      return { ok: false, reason: 'country-code', ...(callingCode ? { callingCode } : {}) }
    }
    if (first.message === 'TOO_LONG') return { ok: false, reason: 'too-long' }
    return { ok: false, reason: 'too-short' }
  }
  const callingCode = first.countryCallingCode
  switch (validatePhoneNumberLength(text, { defaultCountry: region })) {
    case 'TOO_SHORT':
      return { ok: false, reason: 'too-short', callingCode }
    case 'TOO_LONG':
      return { ok: false, reason: 'too-long', callingCode }
    case 'INVALID_LENGTH':
      return { ok: false, reason: 'length', callingCode }
    default:
      // The right length for the plan, but no mobile range holds it: a landline, or unassigned.
      return { ok: false, reason: 'not-mobile', callingCode }
  }
}

/**
 * The number typed, in E.164, if it is a mobile number: read with the picked country for a
 * national number (trunk prefix and all: `07911 123456`, Argentina's `011 15 …`), its calling
 * code after a `+` or an international prefix (`00`, the picked country's `011`, `0011`, `010`,
 * `8~10`, …), `(0)` inside an international number ignored, any separators.
 */
export function toE164(region: CountryCode, typed: string): PhoneCheck {
  const text = tidy(typed)
  if (!/\d/.test(text)) {
    if (text === '' || /^[\s()[\].\-/+]*$/.test(text)) return { ok: false, reason: 'empty' }
    return { ok: false, reason: LETTER.test(text) ? 'characters' : 'too-short' }
  }
  const first = parse(text, region)
  if (!(first instanceof ParseError) && first.isValid()) {
    return first.ext ? { ok: false, reason: 'extension' } : accepted(first)
  }
  // The other readings keep only the digits: letters would be lost, not refused.
  if (LETTER.test(text)) return refusal(text, region, first)
  const other = otherReadings(text, region, first).find(isMobile)
  if (other) return accepted(other)
  const abroad = readAbroad(text, region)
  const [only] = abroad
  if (only) {
    return abroad.length === 1
      ? { ok: false, reason: 'international', international: only.formatInternational() }
      : { ok: false, reason: 'international' }
  }
  return refusal(text, region, first)
}
