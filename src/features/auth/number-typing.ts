/**
 * Formatting a phone number as the holder types it (libphonenumber-js's `AsYouType`), without
 * fighting them: digits added or deleted at the end are formatted; an edit in the middle, a
 * deleted separator or a separator the holder typed leaves the field exactly as they made it.
 */
import { AsYouType, type CountryCode } from 'libphonenumber-js/mobile'
import { asciiDigits, zeroOf } from './phone-number.ts'

/** `+` and the digits of `value`, as ASCII (full-width, Arabic-Indic, Persian… read as digits). */
function dialled(value: string): string {
  return asciiDigits(value.normalize('NFKC')).replace(/[^\d+]/g, '')
}

/**
 * `formatted` (ASCII digits) in the script of the digits the holder typed in `typed`, when they
 * are all of one script: `٠١٠ ٠١٢٣` stays Arabic-Indic once formatted.
 */
function inTypedScript(typed: string, formatted: string): string {
  const zeros = new Set(Array.from(typed.matchAll(/\p{Nd}/gu), ([digit]) => zeroOf(digit)))
  const [zero] = zeros
  if (zeros.size !== 1 || zero === undefined || zero === 0x30) return formatted
  return formatted.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)))
}

/**
 * `value` formatted for `region` as far as it goes (`(415) 555-01`), or null when formatting would
 * drop anything but the separators it places itself.
 */
export function formatAsTyped(region: CountryCode, value: string): string | null {
  const text = value.normalize('NFKC')
  if (!/^[\p{Nd}+\s().-]*$/u.test(text)) return null
  const formatted = new AsYouType(region).input(asciiDigits(text))
  return dialled(formatted) === dialled(text) ? inTypedScript(text, formatted) : null
}

/** The field's text and whether the holder has taken over its formatting. */
export interface TypedNumber {
  value: string
  /** Set once the holder types a separator of their own; cleared with the field. */
  byHand: boolean
}

/** What the holder took out of the field and put in, between the previous text and the new one. */
function edit(previous: string, next: string): { removed: string; added: string } {
  let start = 0
  while (start < previous.length && start < next.length && previous[start] === next[start]) start++
  let end = next.length
  let previousEnd = previous.length
  while (end > start && previousEnd > start && next[end - 1] === previous[previousEnd - 1]) {
    end--
    previousEnd--
  }
  return { removed: previous.slice(start, previousEnd), added: next.slice(start, end) }
}

/**
 * The field after an edit: `next` as the holder left it, formatted when they added digits at the
 * end or deleted one there (caret at the end) and have not formatted it themselves. Deleting a
 * digit formats again because a number the formatter gave up on (a digit too many) would
 * otherwise stay unformatted once the digit is gone; deleting only a separator stands.
 */
export function typeNumber(
  region: CountryCode,
  previous: TypedNumber,
  next: string,
  caretAtEnd: boolean,
): TypedNumber {
  if (next.trim() === '') return { value: next, byHand: false }
  const { removed, added } = edit(previous.value, next)
  const byHand = previous.byHand || /[^\p{Nd}+]/u.test(added.normalize('NFKC'))
  const grew = next.length > previous.value.length
  const deletedDigit = !grew && added === '' && /\p{Nd}/u.test(removed)
  if (byHand || !(grew || deletedDigit) || !caretAtEnd) return { value: next, byHand }
  return { value: formatAsTyped(region, next) ?? next, byHand }
}
