/** Phone numbers for text-message sign-in: the countries offered, the default one, and E.164. */

/** A country the picker offers: its region code, its name and its calling code (digits). */
export interface Country {
  region: string
  name: string
  dial: string
}

/** Common countries, by name; a number from anywhere else can be typed with its `+` code. */
export const COUNTRIES: readonly Country[] = [
  { region: 'AR', name: 'Argentina', dial: '54' },
  { region: 'AU', name: 'Australia', dial: '61' },
  { region: 'AT', name: 'Austria', dial: '43' },
  { region: 'BE', name: 'Belgium', dial: '32' },
  { region: 'BR', name: 'Brazil', dial: '55' },
  { region: 'CA', name: 'Canada', dial: '1' },
  { region: 'CN', name: 'China', dial: '86' },
  { region: 'DK', name: 'Denmark', dial: '45' },
  { region: 'FI', name: 'Finland', dial: '358' },
  { region: 'FR', name: 'France', dial: '33' },
  { region: 'DE', name: 'Germany', dial: '49' },
  { region: 'HK', name: 'Hong Kong', dial: '852' },
  { region: 'IN', name: 'India', dial: '91' },
  { region: 'ID', name: 'Indonesia', dial: '62' },
  { region: 'IE', name: 'Ireland', dial: '353' },
  { region: 'IL', name: 'Israel', dial: '972' },
  { region: 'IT', name: 'Italy', dial: '39' },
  { region: 'JP', name: 'Japan', dial: '81' },
  { region: 'KE', name: 'Kenya', dial: '254' },
  { region: 'MX', name: 'Mexico', dial: '52' },
  { region: 'NL', name: 'Netherlands', dial: '31' },
  { region: 'NZ', name: 'New Zealand', dial: '64' },
  { region: 'NG', name: 'Nigeria', dial: '234' },
  { region: 'NO', name: 'Norway', dial: '47' },
  { region: 'PH', name: 'Philippines', dial: '63' },
  { region: 'PL', name: 'Poland', dial: '48' },
  { region: 'PT', name: 'Portugal', dial: '351' },
  { region: 'SG', name: 'Singapore', dial: '65' },
  { region: 'ZA', name: 'South Africa', dial: '27' },
  { region: 'KR', name: 'South Korea', dial: '82' },
  { region: 'ES', name: 'Spain', dial: '34' },
  { region: 'SE', name: 'Sweden', dial: '46' },
  { region: 'CH', name: 'Switzerland', dial: '41' },
  { region: 'TR', name: 'Türkiye', dial: '90' },
  { region: 'AE', name: 'United Arab Emirates', dial: '971' },
  { region: 'GB', name: 'United Kingdom', dial: '44' },
  { region: 'US', name: 'United States', dial: '1' },
]

/** The picker's choice when the browser's languages name no region on the list. */
export const FALLBACK_REGION = 'US'

/** The country with `region`, or the fallback's. */
export function countryOf(region: string): Country {
  return (
    COUNTRIES.find((country) => country.region === region) ??
    (COUNTRIES.find((country) => country.region === FALLBACK_REGION) as Country)
  )
}

/**
 * The region of the first of the browser's languages that names (or implies) one on the list:
 * `en-GB` is GB, `de` is likely DE. Anything unreadable is skipped.
 */
export function defaultRegion(languages: readonly string[]): string {
  for (const tag of languages) {
    try {
      const locale = new Intl.Locale(tag)
      const region = locale.region ?? locale.maximize().region
      if (region && COUNTRIES.some((country) => country.region === region)) return region
    } catch {
      // Not a language tag: try the next.
    }
  }
  return FALLBACK_REGION
}

/** A number in E.164, as the provider takes it: `+`, no leading 0, 7 to 15 digits in all. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value)
}

/** What became of a typed number: E.164, or why not. */
export type PhoneCheck =
  { ok: true; e164: string } | { ok: false; reason: 'empty' | 'characters' | 'length' }

/** Spaces, dots, dashes and brackets people type in numbers. */
const SEPARATORS = /[\s().\-\u00a0]/g

/**
 * The number typed, in E.164: with the picked country's code, unless it starts with `+` (or the
 * international `00`), which names its own. A national trunk `0` is dropped (`07700 900123` in
 * the United Kingdom is `+447700900123`), except in Italy, where it belongs to the number.
 */
export function toE164(country: Country, typed: string): PhoneCheck {
  const compact = typed.replace(SEPARATORS, '')
  if (!compact) return { ok: false, reason: 'empty' }
  let digits: string
  if (compact.startsWith('+')) digits = compact.slice(1)
  else if (compact.startsWith('00')) digits = compact.slice(2)
  else {
    const national = country.region === 'IT' ? compact : compact.replace(/^0/, '')
    digits = country.dial + national
  }
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'characters' }
  if (digits.length < 7 || digits.length > 15 || digits.startsWith('0')) {
    return { ok: false, reason: 'length' }
  }
  return { ok: true, e164: `+${digits}` }
}
