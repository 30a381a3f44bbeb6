/** Event dates: every format the cards API and POAP send, and what is refused. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eventDateEndMs, eventDateParts, eventDateStartMs, parseEventDate } from './event-date.ts'

describe('parseEventDate', () => {
  it.each<[string, unknown, string]>([
    ['ISO with Z', '2022-09-16T10:00:00Z', '2022-09-16T10:00:00.000Z'],
    ['ISO with milliseconds', '2022-09-16T10:00:00.123Z', '2022-09-16T10:00:00.123Z'],
    ['one fractional digit', '2022-09-16T10:00:00.1Z', '2022-09-16T10:00:00.100Z'],
    ['nine fractional digits', '2022-09-16T10:00:00.123456789Z', '2022-09-16T10:00:00.123Z'],
    ['a fraction just under a second', '2022-09-16T23:59:59.9999Z', '2022-09-16T23:59:59.999Z'],
    ['a positive offset', '2022-09-16T10:00:00+02:00', '2022-09-16T08:00:00.000Z'],
    ['a negative offset', '2022-09-16T22:30:00-05:30', '2022-09-17T04:00:00.000Z'],
    ['an offset without colon', '2022-09-16T10:00:00+0200', '2022-09-16T08:00:00.000Z'],
    ['an offset and a fraction', '2022-09-16T10:00:00.5+01:00', '2022-09-16T09:00:00.500Z'],
    ['lower-case t and z', '2022-09-16t10:00:00z', '2022-09-16T10:00:00.000Z'],
    ['no seconds', '2022-09-16T10:00Z', '2022-09-16T10:00:00.000Z'],
    ['a date-only string, kept as a day', '2022-09-16', '2022-09-16'],
    ['POAP DD-Mon-YYYY', '16-Sep-2022', '2022-09-16'],
    ['DD-Mon-YYYY in any case, one-digit day', '1-JAN-2023', '2023-01-01'],
    ['a leap day', '29-Feb-2024', '2024-02-29'],
    ['YYYY-MM-DD HH:mm:ss as UTC', '2022-09-16 18:30:00', '2022-09-16T18:30:00.000Z'],
    ['a T without zone as UTC', '2022-09-16T18:30:00', '2022-09-16T18:30:00.000Z'],
    ['surrounding spaces', '  2022-09-16  ', '2022-09-16'],
    ['epoch seconds', 1663286400, '2022-09-16T00:00:00.000Z'],
    ['epoch seconds with a fraction', 1663286400.25, '2022-09-16T00:00:00.250Z'],
    ['epoch milliseconds', 1663286400123, '2022-09-16T00:00:00.123Z'],
    ['epoch seconds as digits', '1663286400', '2022-09-16T00:00:00.000Z'],
    ['epoch milliseconds as digits', '1663286400123', '2022-09-16T00:00:00.123Z'],
  ])('reads %s', (_label, input, expected) => {
    expect(parseEventDate(input)).toBe(expected)
  })

  it.each<[string, unknown]>([
    ['31 February', '2023-02-31'],
    ['29 February outside a leap year', '29-Feb-2023'],
    ['month 13', '2023-13-01'],
    ['day 0', '2023-01-00'],
    ['an unknown month name', '16-Foo-2022'],
    ['hour 24', '2022-09-16T24:00:00Z'],
    ['minute 60', '2022-09-16T10:60:00Z'],
    ['an offset of 24 hours', '2022-09-16T10:00:00+24:00'],
    ['a placeholder year', '0001-01-01'],
    ['epoch zero', 0],
    ['a negative epoch', -5],
    ['an epoch beyond the year 9999', 1e17],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an empty string', ''],
    ['blanks', '   '],
    ['words', 'soon'],
    ['a US date', '09/16/2022'],
    ['a long date', 'September 16, 2022'],
    ['null', null],
    ['undefined', undefined],
    ['an object', { date: '2022-09-16' }],
    ['a boolean', true],
  ])('refuses %s', (_label, input) => {
    expect(parseEventDate(input)).toBeNull()
  })

  it('keeps a normalised date as it is', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-02'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (d) => {
          const instant = d.toISOString()
          expect(parseEventDate(instant)).toBe(instant)
          const day = instant.slice(0, 10)
          expect(parseEventDate(day)).toBe(day)
        },
      ),
    )
  })

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.double()), (value) => {
        const date = parseEventDate(value)
        expect(date === null || eventDateParts(date) !== null).toBe(true)
      }),
    )
  })
})

describe('reading a normalised date', () => {
  it('tells all-day dates from instants', () => {
    expect(eventDateParts('2022-09-16')).toEqual({ allDay: true, year: 2022, month: 9, day: 16 })
    expect(eventDateParts('2022-09-16T10:00:00.000Z')).toEqual({
      allDay: false,
      ms: Date.UTC(2022, 8, 16, 10),
    })
    expect(eventDateParts('later')).toBeNull()
  })

  it('gives sort keys and ends: an all-day date ends when its day has ended everywhere', () => {
    expect(eventDateStartMs('2022-09-16')).toBe(Date.UTC(2022, 8, 16))
    expect(eventDateEndMs('2022-09-16')).toBe(Date.UTC(2022, 8, 17, 12))
    expect(eventDateEndMs('2022-09-16T10:00:00.000Z')).toBe(Date.UTC(2022, 8, 16, 10))
    expect(eventDateStartMs('soon')).toBeNull()
    expect(eventDateEndMs('soon')).toBeNull()
  })
})
