/**
 * An event as an iCalendar file (RFC 5545), for the holder's calendar: one VEVENT with a UID
 * stable per event, DTSTAMP, DTSTART and DTEND (dates for an all-day event, UTC instants
 * otherwise), SUMMARY, LOCATION, DESCRIPTION and URL; text escaped, lines folded at 75 octets,
 * CRLF line ends. Pure: the page turns it into a download.
 */
import { utf8Length } from './base64.ts'
import { eventDateParts, type EventDateParts } from './event-date.ts'
import type { PoapEvent } from './poap-event.ts'

/** The most octets a content line may hold before it is folded (RFC 5545 §3.1). */
const MAX_LINE_OCTETS = 75

const DAY_MS = 86_400_000

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** `YYYYMMDD` of a calendar day. */
const dateValue = (year: number, month: number, day: number) =>
  `${pad(year, 4)}${pad(month)}${pad(day)}`

/** `YYYYMMDDTHHMMSSZ` of an instant, in UTC. */
function dateTimeValue(ms: number): string {
  const date = new Date(ms)
  return (
    dateValue(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  )
}

/** The calendar day an instant falls on in UTC, as parts of an all-day date. */
function dayOf(parts: EventDateParts): { year: number; month: number; day: number } {
  if (parts.allDay) return parts
  const date = new Date(parts.ms)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}

/** The day after a calendar day (an all-day DTEND is exclusive). */
function nextDay({ year, month, day }: { year: number; month: number; day: number }) {
  const date = new Date(Date.UTC(year, month - 1, day) + DAY_MS)
  return dateValue(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

/** TEXT as RFC 5545 §3.3.11 writes it: `\`, `;`, `,` and line breaks escaped. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * A content line folded as RFC 5545 §3.1 asks: no line longer than 75 octets of UTF-8, each
 * continuation starting with a space, never splitting a character.
 */
export function foldLine(line: string): string {
  const lines: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = utf8Length(char)
    // A continuation line's leading space counts towards its 75.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
    if (octets + size > limit) {
      lines.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  lines.push(current)
  return lines.join('\r\n ')
}

/** The event's start and end properties, or null when it has no readable date. */
function timeProperties(event: PoapEvent): string[] | null {
  const start = event.startDate === null ? null : eventDateParts(event.startDate)
  const end = event.endDate === null ? null : eventDateParts(event.endDate)
  const first = start ?? end
  if (first === null) return null
  if (first.allDay || end?.allDay === true || start?.allDay === true) {
    // A day without a time of day: the whole day, to the day after the last one (exclusive).
    const from = dayOf(first)
    const to = dayOf(end ?? first)
    return [
      `DTSTART;VALUE=DATE:${dateValue(from.year, from.month, from.day)}`,
      `DTEND;VALUE=DATE:${nextDay(to)}`,
    ]
  }
  const from = first.ms
  const to = end !== null && !end.allDay && end.ms > from ? end.ms : null
  return [`DTSTART:${dateTimeValue(from)}`, ...(to === null ? [] : [`DTEND:${dateTimeValue(to)}`])]
}

/**
 * The event's page as a URL property: an http(s) address as the URL parser writes it (no space,
 * no line break: nothing can start another property), or nothing.
 */
function webAddress(value: string | null): string[] {
  if (value === null) return []
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? [`URL:${url.href}`] : []
  } catch {
    return []
  }
}

/** Where the calendar file comes from (its UID's domain and PRODID). */
export interface CalendarSource {
  /** The app's host name, e.g. `cards.example.com`. */
  host: string
  /** When the file is made (epoch ms): its DTSTAMP. */
  now: number
}

/**
 * The event as an iCalendar file, or null when it has no readable date (a calendar entry needs
 * one). Its UID is the event's id at the app's host, so adding it again updates the same entry.
 */
export function eventCalendar(event: PoapEvent, source: CalendarSource): string | null {
  const times = timeProperties(event)
  if (times === null) return null
  const place = [event.city, event.country].filter((part): part is string => !!part?.trim())
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${source.host}//Event collectibles//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:poap-event-${event.id.replace(/[^\w.-]/g, '-')}@${source.host}`,
    `DTSTAMP:${dateTimeValue(source.now)}`,
    ...times,
    `SUMMARY:${escapeText(event.name)}`,
    ...(place.length > 0 ? [`LOCATION:${escapeText(place.join(', '))}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...webAddress(event.eventUrl),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
