/**
 * Every country and territory with a numbering plan (libphonenumber-js), named in the page's
 * language, and the search the picker runs over them (by name or calling code).
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile'
import metadata from 'libphonenumber-js/mobile/metadata'
import { asciiDigits } from './phone-number.ts'

/** A country the picker offers. */
export interface Country {
  region: CountryCode
  /** In the language asked for; the region code where the browser cannot name it. */
  name: string
  /** Digits, without `+`. */
  callingCode: string
  /** Name and English name, folded for search. */
  keys: readonly string[]
  /** 0 for the main country of its calling code (the United States for +1), then 1, 2, … */
  rank: number
}

/** Lower case without accents, so "cote" finds Côte d’Ivoire and "turkiye" Türkiye. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The language tags of `locales` that Intl can read, then English. */
function readable(locales: readonly string[]): string[] {
  const tags = locales.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length > 0
    } catch {
      return false
    }
  })
  return [...tags, 'en']
}

/** A namer for region codes in `locales`, or null where `Intl.DisplayNames` is absent. */
function regionNames(locales: readonly string[]): ((region: string) => string | undefined) | null {
  if (typeof Intl.DisplayNames !== 'function') return null
  const names = new Intl.DisplayNames(readable(locales), { type: 'region', fallback: 'none' })
  return (region) => names.of(region)
}

/** Where `region` stands among the countries sharing `callingCode` (0: the main one). */
function rankFor(region: CountryCode, callingCode: string): number {
  const at = metadata.country_calling_codes[callingCode]?.indexOf(region) ?? -1
  return at < 0 ? Number.MAX_SAFE_INTEGER : at
}

/** Every country, named and sorted in `locales` (the page's language; else English). */
export function countryList(locales: readonly string[]): Country[] {
  const named = regionNames(locales)
  const english = regionNames(['en'])
  const countries = getCountries().map((region): Country => {
    const callingCode = getCountryCallingCode(region)
    const name = named?.(region) ?? region
    const inEnglish = english?.(region) ?? region
    return {
      region,
      name,
      callingCode,
      keys: [fold(name), fold(inEnglish)],
      rank: rankFor(region, callingCode),
    }
  })
  const collator = new Intl.Collator(readable(locales))
  return countries.sort((a, b) => collator.compare(a.name, b.name))
}

/**
 * The countries matching `query`, best first: by calling code when it is digits (`84`, `+84`, `٨٤`;
 * the code's main country first), else by a name starting with it, then a word in a name starting
 * with it, then a name containing it.
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  // Digits of any script (`+٨٤`, `۹۸`) search by calling code like ASCII ones.
  const compact = asciiDigits(query.normalize('NFKC')).replace(/[\s()-]/g, '')
  if (compact === '' || compact === '+') return [...countries]
  if (/^\+?\d+$/.test(compact)) {
    const digits = compact.replace('+', '')
    return countries
      .filter((country) => country.callingCode.startsWith(digits))
      .sort(
        (a, b) =>
          Number(b.callingCode === digits) - Number(a.callingCode === digits) ||
          a.callingCode.length - b.callingCode.length ||
          a.rank - b.rank,
      )
  }
  const wanted = fold(query.trim())
  // 0: the region code ("vn") or a name starting with the query ("ind": India), 1: a word in a
  // name (British Indian Ocean Territory), 2: anywhere in it. The code only whole: as a prefix,
  // "i" would pick IO (British Indian Ocean Territory) before Iceland.
  const tier = (country: Country) =>
    Math.min(
      country.region.toLowerCase() === wanted ? 0 : 3,
      ...country.keys.map((key) =>
        key.startsWith(wanted) ? 0 : key.includes(` ${wanted}`) ? 1 : key.includes(wanted) ? 2 : 3,
      ),
    )
  return countries
    .map((country) => ({ country, tier: tier(country) }))
    .filter((found) => found.tier < 3)
    .sort((a, b) => a.tier - b.tier)
    .map(({ country }) => country)
}
