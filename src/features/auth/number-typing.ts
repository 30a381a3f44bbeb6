/**
 * Formatting a phone number as the holder types it (libphonenumber-js's `AsYouType`), without
 * fighting them: only digits added at the end are formatted; a deletion, an edit in the middle or
 * a separator the holder typed leaves the field exactly as they made it.
 */
import { AsYouType, type CountryCode } from 'libphonenumber-js/mobile'

/** `+` and the digits of `value` (full-width digits read as digits). */
function dialled(value: string): string {
  return value.normalize('NFKC').replace(/[^\d+]/g, '')
}

/**
 * `value` formatted for `region` as far as it goes (`(415) 555-01`), or null when formatting would
 * drop anything but the separators it places itself.
 */
export function formatAsTyped(region: CountryCode, value: string): string | null {
  if (!/^[\d+\s().-]*$/.test(value.normalize('NFKC'))) return null
  const formatted = new AsYouType(region).input(value)
  return dialled(formatted) === dialled(value) ? formatted : null
}

/** The field's text and whether the holder has taken over its formatting. */
export interface TypedNumber {
  value: string
  /** Set once the holder types a separator of their own; cleared with the field. */
  byHand: boolean
}

/** What the holder put in the field, between the previous text and the new one. */
function inserted(previous: string, next: string): string {
  let start = 0
  while (start < previous.length && start < next.length && previous[start] === next[start]) start++
  let end = next.length
  let previousEnd = previous.length
  while (end > start && previousEnd > start && next[end - 1] === previous[previousEnd - 1]) {
    end--
    previousEnd--
  }
  return next.slice(start, end)
}

/**
 * The field after an edit: `next` as the holder left it, formatted when they added digits at the
 * end (caret there) and have not formatted it themselves.
 */
export function typeNumber(
  region: CountryCode,
  previous: TypedNumber,
  next: string,
  caretAtEnd: boolean,
): TypedNumber {
  if (next.trim() === '') return { value: next, byHand: false }
  const added = inserted(previous.value, next)
  const byHand = previous.byHand || /[^\d+]/.test(added.normalize('NFKC'))
  const grew = next.length > previous.value.length
  if (byHand || !grew || !caretAtEnd) return { value: next, byHand }
  return { value: formatAsTyped(region, next) ?? next, byHand }
}
