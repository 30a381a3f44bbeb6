/** Dates, places and ages for people: all-day dates never shift, missing dates say so. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { activateLocale } from '../../shared/i18n.ts'
import { formatAge, formatDates, formatDateTimes, formatPlace } from './format.ts'

/** What an event without a readable date (and without a year) shows, in English. */
const NO_DATE_TEXT = 'Date to be announced'

/** Zones from UTC−11 to UTC+14, where a shifted all-day date would show the day before or after. */
const ZONES = [
  'Pacific/Pago_Pago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
]

/** The reference text of a calendar day (in the test's locale, like the screens). */
const day = (year: number, month: number, date: number) =>
  new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, date))

/** The reference text of a range of calendar days (the locale's own range format). */
const days = (from: [number, number, number], to: [number, number, number]) =>
  new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(Date.UTC(from[0], from[1] - 1, from[2]), Date.UTC(to[0], to[1] - 1, to[2]))

const dates = (startDate: string | null, endDate: string | null, year: number | null = null) => ({
  startDate,
  endDate,
  year,
})

describe('formatAge', () => {
  const at = 1_000_000_000
  const MINUTE = 60_000
  const HOUR = 60 * MINUTE

  it.each([
    [0, 'now'],
    [MINUTE - 1, 'now'],
    [MINUTE, '1 minute ago'],
    [5 * MINUTE, '5 minutes ago'],
    [12 * MINUTE + 5_000, '12 minutes ago'],
    [HOUR - 1, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR, '3 hours ago'],
    [24 * HOUR - 1, '23 hours ago'],
    [24 * HOUR, 'yesterday'],
    [50 * HOUR, '2 days ago'],
    [-5_000, 'now'],
  ])('%i ms → %s', (age, text) => {
    expect(formatAge(at, at + age, 'en')).toBe(text)
  })

  it("speaks the holder's language", () => {
    expect(formatAge(at, at + 5 * MINUTE, 'es')).toBe('hace 5 minutos')
    expect(formatAge(at, at + 30_000, 'es')).toBe('ahora')
    expect(formatAge(at, at + 3 * HOUR, 'es')).toBe('hace 3 horas')
    expect(formatAge(at, at + 24 * HOUR, 'es')).toBe('ayer')
    expect(formatAge(at, at + 5 * MINUTE, 'de')).toBe('vor 5 Minuten')
    expect(formatAge(at, at + 5 * MINUTE, ['fr-CA', 'en'])).toBe('il y a 5 minutes')
  })

  it("follows the app's active language by default, not the browser's", async () => {
    expect(formatAge(at, at + 5 * MINUTE)).toBe('5 minutes ago')
    await activateLocale('de')
    expect(formatAge(at, at + 5 * MINUTE)).toBe('vor 5 Minuten')
    await activateLocale('ja')
    expect(formatAge(at, at + 5 * MINUTE)).toBe('5 分前')
  })
})

describe('formatPlace', () => {
  it('joins what is known', () => {
    expect(formatPlace({ city: 'Lisbon', country: 'Portugal' })).toBe('Lisbon, Portugal')
    expect(formatPlace({ city: null, country: 'Portugal' })).toBe('Portugal')
    expect(formatPlace({ city: null, country: null })).toBe('')
  })
})

describe('formatDates', () => {
  it('shows one date for a one-day event and a range otherwise', () => {
    const day = formatDates(dates('2026-03-03T10:00:00.000Z', '2026-03-03T18:00:00.000Z'), 'UTC')
    expect(day).toMatch(/2026/)
    expect(day).not.toContain('–')
    const range = formatDates(dates('2026-03-03T10:00:00.000Z', '2026-03-05T18:00:00.000Z'))
    expect(range).toContain('–')
  })

  it('shows an all-day POAP date as its own calendar day, in every zone', () => {
    for (const zone of ZONES) {
      const text = formatDates(dates('2022-09-16', '2022-09-18'), zone)
      expect(text).toBe(days([2022, 9, 16], [2022, 9, 18]))
    }
    expect(formatDates(dates('2022-09-16', '2022-09-16'), 'Pacific/Kiritimati')).toBe(
      day(2022, 9, 16),
    )
  })

  it('shows an instant in the viewer’s zone', () => {
    const lateInUtc = dates('2026-03-03T23:30:00.000Z', null)
    expect(formatDates(lateInUtc, 'UTC')).toBe(day(2026, 3, 3))
    expect(formatDates(lateInUtc, 'Asia/Tokyo')).toBe(day(2026, 3, 4))
  })

  it('shows what it has when a date is missing', () => {
    expect(formatDates(dates('2022-09-16', null))).toBe(day(2022, 9, 16))
    expect(formatDates(dates(null, '2022-09-18'))).toBe(`Until ${day(2022, 9, 18)}`)
    expect(formatDates(dates(null, null, 2022))).toBe('2022')
    expect(formatDates(dates(null, null))).toBe(NO_DATE_TEXT)
    expect(formatDates(dates('soon', 'later'))).toBe(NO_DATE_TEXT)
  })

  it('gives the same calendar day for any all-day date in any zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (date, zone) => {
          const allDay = date.toISOString().slice(0, 10)
          const [year, month, dayOfMonth] = allDay.split('-').map(Number) as [
            number,
            number,
            number,
          ]
          expect(formatDates(dates(allDay, allDay), zone)).toBe(day(year, month, dayOfMonth))
          expect(formatDateTimes(dates(allDay, allDay), zone)).toBe(day(year, month, dayOfMonth))
        },
      ),
    )
  })
})

describe('natural ranges', () => {
  it('name the year once for a range within one year, as the locale writes ranges', () => {
    for (const locale of ['en-GB', 'en-US', 'de-DE']) {
      const text = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
      const range = text.formatRange(Date.UTC(2022, 8, 16), Date.UTC(2022, 8, 18))
      expect(range.match(/2022/g)).toHaveLength(1)
    }
    expect(formatDates(dates('2022-09-16', '2022-09-18')).match(/2022/g)).toHaveLength(1)
    expect(formatDates(dates('2022-12-30', '2023-01-02'))).toMatch(/2022.*2023/)
  })

  it('never throw on ends out of order or of two kinds, and still show both', () => {
    expect(formatDates(dates('2022-09-18', '2022-09-16'))).toBe(
      `${day(2022, 9, 18)} – ${day(2022, 9, 16)}`,
    )
    expect(formatDates(dates('2022-09-16', '2022-09-18T12:00:00.000Z'), 'UTC')).toContain('–')
    expect(
      formatDateTimes(dates('2026-03-05T10:00:00.000Z', '2026-03-03T10:00:00.000Z')),
    ).toContain('–')
  })
})

describe('dates in another language', () => {
  /** The reference range in `locale`, as its own formatter writes it. */
  const localDays = (locale: string) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatRange(Date.UTC(2022, 8, 16), Date.UTC(2022, 8, 18))

  it('are written in the locale asked for', () => {
    const poap = dates('2022-09-16', '2022-09-18')
    expect(formatDates(poap, 'UTC', 'de')).toBe(localDays('de'))
    expect(formatDates(poap, 'UTC', 'de')).not.toBe(localDays('en'))
    expect(formatDateTimes(poap, 'UTC', 'ja')).toBe(localDays('ja'))
    expect(formatDateTimes(dates('2026-03-03T10:00:00.000Z', null), 'UTC', 'ja')).toMatch(/2026年/)
    expect(formatDates(dates(null, null, 2022), 'UTC', 'ja')).toBe('2022年')
  })

  it("are written in the app's active language by default", async () => {
    const poap = dates('2022-09-16', '2022-09-18')
    expect(formatDates(poap, 'UTC')).toBe(localDays('en'))
    await activateLocale('de')
    expect(formatDates(poap, 'UTC')).toBe(localDays('de'))
    expect(formatDateTimes(poap, 'UTC')).toBe(localDays('de'))
  })
})

describe('formatDateTimes', () => {
  it('gives the end time alone on the same day, and the end date otherwise', () => {
    const day = formatDateTimes(
      dates('2026-03-03T10:00:00.000Z', '2026-03-03T18:30:00.000Z'),
      'UTC',
    )
    expect(day).toMatch(/2026.*–/)
    expect(day.split('–')[1]).not.toMatch(/2026/)
    expect(day.split('–')[1]).toMatch(/30/)
    const range = formatDateTimes(dates('2026-03-03T10:00:00.000Z', '2026-03-05T18:00:00.000Z'))
    expect(range.split('–')[1]).toMatch(/2026/)
  })

  it('shows all-day dates without times or shift', () => {
    for (const zone of ZONES) {
      expect(formatDateTimes(dates('2022-09-16', '2022-09-18'), zone)).toBe(
        days([2022, 9, 16], [2022, 9, 18]),
      )
    }
  })

  it('shows what it has when a date is missing', () => {
    expect(formatDateTimes(dates(null, null))).toBe(NO_DATE_TEXT)
    expect(formatDateTimes(dates(null, null, 2023))).toBe('2023')
    expect(formatDateTimes(dates('2026-03-03T10:00:00.000Z', null))).toMatch(/2026/)
    expect(formatDateTimes(dates(null, '2026-03-03T10:00:00.000Z'))).toMatch(/^Until .*2026/)
  })
})
