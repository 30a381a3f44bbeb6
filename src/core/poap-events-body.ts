/**
 * Reads the cards API's events body tolerantly: each entry on its own, POAP's snake_case or
 * camelCase, with a summary of what could not be used (never personal data, so it can be reported).
 * Text to be shown comes without bidi or control characters (outside-text), and at most
 * MAX_EVENTS entries, the newest, are kept (decision 024).
 */
import { MAX_EVENTS } from './constants.ts'
import { parseEventDate, type EventDate } from './event-date.ts'
import { newestEvents } from './newest-events.ts'
import { plainText } from './outside-text.ts'
import { isKnownStatus, normaliseEventStatus, type PoapEvent } from './poap-event.ts'
import { expectArray, expectRecord, isRecord } from './validation.ts'

/** What in a body could not be used; holds no names, descriptions or other personal data. */
export interface PoapEventProblems {
  /** Entries left out: not an object, without a usable id, or repeating an id already read. */
  dropped: number
  /** Distinct statuses the app does not know (normalised, shortened), sorted. */
  unknownStatuses: string[]
  /** Distinct fields that held a value of the wrong kind (read as unknown), sorted. */
  unreadableFields: string[]
  /** Usable events left out because the list holds more than MAX_EVENTS; absent when none were. */
  overCap?: number
}

/** The usable events of a body and what could not be used. */
export interface PoapEventsRead {
  events: PoapEvent[]
  problems: PoapEventProblems
}

/** Name shown when an entry has neither a name nor a slug. */
export const UNTITLED_EVENT = 'Untitled event'

// Limits on what a summary repeats from the data, so a strange status cannot carry much text.
const MAX_STATUS_IN_SUMMARY = 40
const MAX_STATUSES_IN_SUMMARY = 10

/** The field names the app uses and, first, the ones POAP uses for the same thing. */
const ALIASES = {
  id: ['id', 'event_id', 'eventId'],
  name: ['name', 'title'],
  fancyId: ['fancy_id', 'fancyId'],
  description: ['description'],
  imageUrl: ['image_url', 'imageUrl'],
  startDate: ['start_date', 'startDate'],
  endDate: ['end_date', 'endDate'],
  expiryDate: ['expiry_date', 'expiryDate'],
  year: ['year'],
  city: ['city'],
  country: ['country'],
  eventUrl: ['event_url', 'eventUrl'],
  status: ['status'],
} as const satisfies Record<keyof PoapEvent, readonly string[]>

type Field = keyof typeof ALIASES

/** Absent, null and blank strings all mean "not given" (POAP sends `""` for no place). */
const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** Reads one entry's fields, noting the ones that held a value of the wrong kind. */
function entryReader(raw: Record<string, unknown>, unreadable: Set<string>) {
  /** The first given value among the field's names, or undefined. */
  const given = (field: Field): unknown =>
    ALIASES[field].map((key) => raw[key]).find((value) => !isMissing(value))

  /** Applies `read` to a given value; a value it cannot use counts as unreadable. */
  function field<T>(name: Field, read: (value: unknown) => T | null): T | null {
    const value = given(name)
    if (value === undefined) return null
    const result = read(value)
    if (result === null) unreadable.add(name)
    return result
  }

  const text = (name: Field) =>
    field(name, (value) => (typeof value === 'string' ? value.trim() : null))
  /** Text a holder reads: no bidi or control character; none left is no text. */
  const shown = (name: Field, multiline = false) =>
    field(name, (value) => {
      if (typeof value !== 'string') return null
      const plain = plainText(value, { multiline }).trim()
      return plain === '' ? null : plain
    })
  const date = (name: Field): EventDate | null => field(name, parseEventDate)
  return { given, field, text, shown, date }
}

/** The id as text: a non-empty string or a finite number; null otherwise. */
function readId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  return null
}

/** A year as a whole number (POAP sends a number; a string of digits is accepted). */
function readYear(value: unknown): number | null {
  const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value
  return Number.isSafeInteger(year) && (year as number) > 0 ? (year as number) : null
}

/** `ethglobal-2022` → `Ethglobal 2022`: a readable name for an entry that has only its slug. */
function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim()
  return words === '' ? UNTITLED_EVENT : words.charAt(0).toUpperCase() + words.slice(1)
}

/** One entry as a PoapEvent, or null when it cannot be one (not an object, no usable id). */
function readEntry(value: unknown, unreadable: Set<string>): PoapEvent | null {
  if (!isRecord(value)) return null
  const { given, field, text, shown, date } = entryReader(value, unreadable)
  const id = readId(given('id'))
  if (id === null) return null
  const fancyId = shown('fancyId')
  const name = shown('name')
  return {
    id,
    fancyId,
    name: name ?? (fancyId === null ? UNTITLED_EVENT : nameFromSlug(fancyId)),
    description: shown('description', true),
    imageUrl: text('imageUrl'),
    startDate: date('startDate'),
    endDate: date('endDate'),
    expiryDate: date('expiryDate'),
    year: field('year', readYear),
    city: shown('city'),
    country: shown('country'),
    eventUrl: text('eventUrl'),
    status: field('status', normaliseEventStatus),
  }
}

/** A status as it may appear in a summary: only plain characters, and short. */
const summaryStatus = (status: string) =>
  status.replace(/[^a-z0-9-]/g, '?').slice(0, MAX_STATUS_IN_SUMMARY)

/**
 * Reads a cards API body `{data: [...]}` entry by entry: every usable entry is kept, the rest
 * are counted. Throws a ValidationError only when the body has no `data` array.
 */
export function readPoapEventsBody(body: unknown): PoapEventsRead {
  const entries = expectArray(expectRecord(body, 'body').data, 'data')
  const unreadable = new Set<string>()
  const unknown = new Set<string>()
  const events: PoapEvent[] = []
  const ids = new Set<string>()
  let dropped = 0
  for (const entry of entries) {
    const event = readEntry(entry, unreadable)
    // An id names one event (its page, its place in the list): the first entry keeps it.
    if (event === null || ids.has(event.id)) {
      dropped++
      continue
    }
    ids.add(event.id)
    if (event.status !== null && !isKnownStatus(event.status)) {
      unknown.add(summaryStatus(event.status))
    }
    events.push(event)
  }
  const overCap = Math.max(0, events.length - MAX_EVENTS)
  return {
    events: newestEvents(events, MAX_EVENTS),
    problems: {
      dropped,
      unknownStatuses: [...unknown].sort().slice(0, MAX_STATUSES_IN_SUMMARY),
      unreadableFields: [...unreadable].sort(),
      ...(overCap > 0 ? { overCap } : {}),
    },
  }
}

/** A short stable text for a summary (equal summaries, equal keys); empty when nothing was wrong. */
export function problemsKey(problems: PoapEventProblems): string {
  const parts = [
    problems.dropped > 0 ? `dropped=${problems.dropped}` : '',
    problems.unknownStatuses.length > 0 ? `status=${problems.unknownStatuses.join(',')}` : '',
    problems.unreadableFields.length > 0 ? `fields=${problems.unreadableFields.join(',')}` : '',
    // That the list was cut, not by how much: one report while a holder's list stays too long,
    // not one each time another event pushes it further over.
    (problems.overCap ?? 0) > 0 ? 'cut' : '',
  ]
  return parts.filter(Boolean).join(';')
}
