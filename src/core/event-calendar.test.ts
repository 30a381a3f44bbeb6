/** The calendar file, read back by ical.js (Mozilla's iCalendar parser): every field as written. */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { eventCalendar, foldLine } from './event-calendar.ts'
import type { PoapEvent } from './poap-event.ts'
import { bareEvent } from './testing/poap-events.ts'

const NOW = Date.UTC(2026, 10, 29, 9, 30, 5)
const SOURCE = { host: 'cards.example.com', now: NOW }

const event = (overrides: Partial<PoapEvent> = {}): PoapEvent =>
  bareEvent({
    id: '4711',
    name: 'Zürich Meetup',
    startDate: '2026-12-03',
    endDate: '2026-12-04',
    year: 2026,
    city: 'Zürich',
    country: 'Switzerland',
    eventUrl: 'https://poap.example/zurich',
    status: 'active',
    ...overrides,
  })

/** The file's one VEVENT, as ical.js reads it. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevents = calendar.getAllSubcomponents('vevent')
  expect(vevents).toHaveLength(1)
  const vevent = vevents[0]!
  return { calendar, vevent, read: new ICAL.Event(vevent) }
}

describe('eventCalendar', () => {
  it('writes an all-day event as dates, its end the day after its last (exclusive)', () => {
    const text = eventCalendar(event(), SOURCE)!
    const { calendar, vevent, read } = parsed(text)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBe(
      '-//cards.example.com//Event collectibles//EN',
    )
    expect(read.uid).toBe('poap-event-4711@cards.example.com')
    expect(read.summary).toBe('Zürich Meetup')
    expect(read.location).toBe('Zürich, Switzerland')
    expect(read.startDate.isDate).toBe(true)
    expect(read.startDate.toString()).toBe('2026-12-03')
    expect(read.endDate.isDate).toBe(true)
    expect(read.endDate.toString()).toBe('2026-12-05')
    expect(vevent.getFirstPropertyValue('url')).toBe('https://poap.example/zurich')
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-29T09:30:05Z')
    // Lines end in CRLF, as RFC 5545 asks.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true)
  })

  it('writes an event with times as UTC instants, and one day without an end as that day', () => {
    const timed = parsed(
      eventCalendar(
        event({ startDate: '2026-12-03T18:00:00.000Z', endDate: '2026-12-03T21:30:00.000Z' }),
        SOURCE,
      )!,
    ).read
    expect(timed.startDate.isDate).toBe(false)
    expect(timed.startDate.toString()).toBe('2026-12-03T18:00:00Z')
    expect(timed.endDate.toString()).toBe('2026-12-03T21:30:00Z')

    const oneDay = parsed(eventCalendar(event({ endDate: null }), SOURCE)!).read
    expect([oneDay.startDate.toString(), oneDay.endDate.toString()]).toEqual([
      '2026-12-03',
      '2026-12-04',
    ])
  })

  it('keeps the UID of an event the same whenever the file is made', () => {
    const first = parsed(eventCalendar(event(), SOURCE)!).read.uid
    const later = parsed(eventCalendar(event({ name: 'Renamed' }), { ...SOURCE, now: NOW + 1 })!)
    expect(later.read.uid).toBe(first)
  })

  it('escapes text and folds long lines, reading back exactly what the event says', () => {
    const name = 'Berlin; Tag 2, „Brücken“ \\ Nacht 東京から 🎉 '.repeat(4).trim()
    const description = 'Line one\nLine two, with; punctuation\r\nand 日本語のテキスト'.repeat(3)
    const text = eventCalendar(event({ name, description, city: 'São Paulo, SP' }), SOURCE)!
    const encoder = new TextEncoder()
    for (const line of text.split('\r\n')) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    }
    const { read } = parsed(text)
    expect(read.summary).toBe(name)
    expect(read.description).toBe(description.replace(/\r\n/g, '\n'))
    expect(read.location).toBe('São Paulo, SP, Switzerland')
  })

  it('lets no field start another property: line breaks in text, an address that is not http(s)', () => {
    const text = eventCalendar(
      event({
        name: 'Party\r\nATTENDEE:mailto:evil@example.com',
        eventUrl: 'javascript:alert(1)//\r\nATTACH:https://evil.example/x',
      }),
      SOURCE,
    )!
    const { vevent, read } = parsed(text)
    expect(vevent.getAllProperties('attendee')).toEqual([])
    expect(vevent.getAllProperties('attach')).toEqual([])
    expect(vevent.getAllProperties('url')).toEqual([])
    expect(read.summary).toBe('Party\nATTENDEE:mailto:evil@example.com')
  })

  it('makes no file for an event without a readable date', () => {
    expect(eventCalendar(event({ startDate: null, endDate: null }), SOURCE)).toBeNull()
  })
})

describe('foldLine', () => {
  it('never splits a character, and reads back as the line it folded', () => {
    const line = `SUMMARY:${'é東🎉a'.repeat(40)}`
    const folded = foldLine(line)
    expect(folded.split('\r\n ').join('')).toBe(line)
    for (const part of folded.split('\r\n')) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
      expect(part).not.toContain('\uFFFD')
    }
  })
})
