/** Event dates: reading the formats the cards API and POAP send, and the one form the app keeps. */

/**
 * A normalised event date, JSON-safe: `YYYY-MM-DD` for an all-day calendar date (no time zone:
 * it is the same day everywhere), or `YYYY-MM-DDTHH:mm:ss.sssZ` for an instant.
 */
export type EventDate = string

/** An event date taken apart: a calendar day, or an instant (epoch milliseconds). */
export type EventDateParts =
  { allDay: true; year: number; month: number; day: number } | { allDay: false; ms: number }

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

// No event predates 1970: earlier years (0001-01-01, epoch 0) are placeholders for "no date".
const MIN_YEAR = 1970
const MAX_YEAR = 9999
const MAX_MS = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999)

// Epoch numbers below this are seconds: 1e11 s is the year 5138, 1e11 ms is March 1973.
const EPOCH_SECONDS_BELOW = 1e11

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MON_YEAR = /^(\d{1,2})-([a-z]{3})-(\d{4})$/i
const DIGITS = /^\d+$/
// Date, `T` or a space, time with optional seconds and any fraction, then an optional zone.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** Whether year-month-day names a real day (no 31 February, no month 13) in the accepted years. */
function isRealDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day
}

/** The all-day form, or null when the day does not exist. */
function allDay(year: number, month: number, day: number): EventDate | null {
  return isRealDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null
}

/** The instant form, or null outside the accepted years. */
function instant(ms: number): EventDate | null {
  if (!Number.isFinite(ms) || ms < Date.UTC(MIN_YEAR, 0, 1) || ms > MAX_MS) return null
  return new Date(ms).toISOString()
}

/** Epoch seconds or milliseconds, told apart by magnitude; 0 and negatives are placeholders. */
function fromEpoch(value: number): EventDate | null {
  if (!Number.isFinite(value) || value <= 0) return null
  return instant(Math.round(value < EPOCH_SECONDS_BELOW ? value * 1000 : value))
}

/** Minutes east of UTC for `Z`, `±hh`, `±hhmm` or `±hh:mm`; null when out of range. */
function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0
  if (hours > 23 || minutes > 59) return null
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

/** A date-time string as an instant; without a zone it is read as UTC (what servers mean). */
function fromDateTime(match: RegExpExecArray): EventDate | null {
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone] = match
  const [year, month, day] = [Number(y), Number(mo), Number(d)]
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)]
  const offset = offsetMinutes(zone)
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59 || offset === null) {
    return null
  }
  // Any number of fractional digits: milliseconds are the first three (truncated, never rounded
  // up into the next second).
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'))
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  return instant(utc - offset * 60_000)
}

/** Reads one string form; see parseEventDate. */
function fromString(text: string): EventDate | null {
  if (DIGITS.test(text)) return fromEpoch(Number(text))
  const dateOnly = DATE_ONLY.exec(text)
  if (dateOnly) return allDay(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]))
  const dayMonYear = DAY_MON_YEAR.exec(text)
  if (dayMonYear) {
    const month = MONTHS.indexOf((dayMonYear[2] ?? '').toLowerCase()) + 1
    return month === 0 ? null : allDay(Number(dayMonYear[3]), month, Number(dayMonYear[1]))
  }
  const dateTime = DATE_TIME.exec(text)
  return dateTime ? fromDateTime(dateTime) : null
}

/**
 * Reads an event date: ISO 8601 with a zone (any fraction) → instant; `YYYY-MM-DD` and POAP's
 * `16-Sep-2022` → all-day date (never shifted by a time zone); `YYYY-MM-DD HH:mm:ss` or a `T`
 * without zone → instant in UTC; epoch seconds or milliseconds (number or digits) → instant.
 * Anything else (impossible days, blanks, other types) is null.
 */
export function parseEventDate(value: unknown): EventDate | null {
  if (typeof value === 'number') return fromEpoch(value)
  if (typeof value !== 'string') return null
  return fromString(value.trim())
}

/** A normalised date taken apart; null if the string is not a normalised (or readable) date. */
export function eventDateParts(date: EventDate): EventDateParts | null {
  const normalised = parseEventDate(date)
  if (normalised === null) return null
  const dateOnly = DATE_ONLY.exec(normalised)
  if (dateOnly) {
    return {
      allDay: true,
      year: Number(dateOnly[1]),
      month: Number(dateOnly[2]),
      day: Number(dateOnly[3]),
    }
  }
  return { allDay: false, ms: Date.parse(normalised) }
}

/** Sort key: the instant, or midnight UTC that starts an all-day date; null if unreadable. */
export function eventDateStartMs(date: EventDate): number | null {
  const parts = eventDateParts(date)
  if (parts === null) return null
  return parts.allDay ? Date.UTC(parts.year, parts.month - 1, parts.day) : parts.ms
}

/**
 * When a date is over: the instant itself, or for an all-day date the end of that day in the
 * last time zone on Earth (UTC−12), so an event never moves to the past while its day still runs
 * somewhere. Null if unreadable.
 */
export function eventDateEndMs(date: EventDate): number | null {
  const parts = eventDateParts(date)
  if (parts === null) return null
  return parts.allDay
    ? Date.UTC(parts.year, parts.month - 1, parts.day) + DAY_MS + 12 * HOUR_MS
    : parts.ms
}
