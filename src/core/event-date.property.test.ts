/** Properties of event dates: every written form reads as the day or instant it names; anything else is null. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eventDateEndMs, eventDateStartMs, parseEventDate } from './event-date.ts'
import { calendarDay, isoDay, MONTH_NAMES, type CalendarDay } from './testing/arbitraries.ts'

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** Days in a month by the Gregorian rule (not by asking Date, which the parser itself does). */
function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

/** A day as POAP may write it: one or two digits, the month's name in any case, spaces around. */
const poapWritten = fc
  .tuple(calendarDay, fc.boolean(), fc.constantFrom('title', 'upper', 'lower'), fc.boolean())
  .map(([date, padDay, letters, spaced]) => {
    const name = MONTH_NAMES[date.month - 1]!
    const month =
      letters === 'upper' ? name.toUpperCase() : letters === 'lower' ? name.toLowerCase() : name
    const text = `${padDay ? pad(date.day) : date.day}-${month}-${date.year}`
    return { date, text: spaced ? ` ${text}\t` : text }
  })

/** A year, month and day of which at least the day or the month does not exist. */
const impossibleDay: fc.Arbitrary<CalendarDay> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1970, max: 9999 }), fc.integer({ min: 1, max: 12 }))
    .filter(([year, month]) => daysIn(year, month) < 31)
    .chain(([year, month]) =>
      fc.integer({ min: daysIn(year, month) + 1, max: 31 }).map((day) => ({ year, month, day })),
    ),
  fc.record({
    year: fc.integer({ min: 1970, max: 9999 }),
    month: fc.constantFrom(0, 13, 20, 99),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({
    year: fc.integer({ min: 1970, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constant(0),
  }),
)

/**
 * A date-time written at some offset from UTC, with any fraction of a second, and the instant it
 * names: the fraction's first three digits are its milliseconds (truncated, never rounded).
 */
const writtenInstant = fc
  .record({
    second: fc.integer({ min: Date.UTC(1970, 0, 2) / 1000, max: Date.UTC(9999, 11, 30) / 1000 }),
    fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 9 }),
    offset: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    zone: fc.constantFrom('colon', 'plain', 'z', 'none'),
    separator: fc.constantFrom('T', 't', ' '),
  })
  .map(({ second, fraction, offset: anyOffset, zone, separator }) => {
    // `Z` and no zone at all both mean UTC.
    const offset = zone === 'z' || zone === 'none' ? 0 : anyOffset
    const wall = new Date(second * 1000 + offset * 60_000)
    const hours = pad(Math.floor(Math.abs(offset) / 60))
    const minutes = pad(Math.abs(offset) % 60)
    const sign = offset < 0 ? '-' : '+'
    const written = {
      colon: `${sign}${hours}:${minutes}`,
      plain: `${sign}${hours}${minutes}`,
      z: 'Z',
      none: '',
    }[zone]
    const text =
      `${wall.toISOString().slice(0, 10)}${separator}${wall.toISOString().slice(11, 19)}` +
      `${fraction === '' ? '' : `.${fraction}`}${written}`
    const ms = second * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'))
    return { text, instant: new Date(ms).toISOString() }
  })

describe('parseEventDate: properties', () => {
  // A day stays that day: never shifted by a time zone, whichever form POAP or the API uses.
  it('reads every real day, written DD-Mon-YYYY or YYYY-MM-DD, as that day', () => {
    fc.assert(
      fc.property(poapWritten, ({ date, text }) => {
        expect(parseEventDate(text)).toBe(isoDay(date))
        expect(parseEventDate(isoDay(date))).toBe(isoDay(date))
      }),
      { numRuns: 300 },
    )
  })

  it('refuses every day that does not exist, in either form', () => {
    fc.assert(
      fc.property(impossibleDay, (date) => {
        const month = MONTH_NAMES[date.month - 1]
        if (month !== undefined)
          expect(parseEventDate(`${date.day}-${month}-${date.year}`)).toBeNull()
        expect(parseEventDate(isoDay(date))).toBeNull()
      }),
      { numRuns: 300 },
    )
  })

  // An instant is the same instant whatever offset it was written at.
  it('reads a date-time at any offset, with any fraction, as the instant it names', () => {
    fc.assert(
      fc.property(writtenInstant, ({ text, instant }) => {
        expect(parseEventDate(text)).toBe(instant)
      }),
      { numRuns: 300 },
    )
  })

  it('reads epoch seconds and milliseconds, as numbers or digits, as the instant they name', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 1e11 - 1 }).map((seconds) => [seconds, seconds * 1000]),
          fc.integer({ min: 1e11, max: MAX_MS }).map((ms) => [ms, ms]),
        ),
        ([value, ms]) => {
          const instant = new Date(ms!).toISOString()
          expect(parseEventDate(value)).toBe(instant)
          expect(parseEventDate(String(value))).toBe(instant)
        },
      ),
      { numRuns: 300 },
    )
  })

  // Total, and what it gives is already normal: read again it is the same, and it starts no later
  // than it ends.
  it('never throws; what it gives reads back as itself and starts no later than it ends', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string({ unit: fc.constantFrom(...'0123456789-:.TZ+ jansepJANSEP'), maxLength: 30 }),
          writtenInstant.map(({ text }) => text),
          poapWritten.map(({ text }) => text),
        ),
        (value) => {
          const date = parseEventDate(value)
          if (date === null) return
          expect(parseEventDate(date)).toBe(date)
          expect(eventDateStartMs(date)).not.toBeNull()
          expect(eventDateStartMs(date)!).toBeLessThanOrEqual(eventDateEndMs(date)!)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
