/** The poap event model as the app keeps it: its shape, its strict validation, status and groups. */
import { eventDateEndMs, parseEventDate, type EventDate } from './event-date.ts'
import {
  ValidationError,
  expectArray,
  expectOptionalString,
  expectRecord,
  expectString,
} from './validation.ts'

/** Every status the app knows (spec §3); others are kept and shown neutrally. */
export const POAP_EVENT_STATUSES = [
  'active',
  'pending-approval',
  'future',
  'expired',
  'rejected',
] as const

/** A status the app knows. */
export type PoapEventStatus = (typeof POAP_EVENT_STATUSES)[number]

/** Statuses of the active group (spec §4). */
export const ACTIVE_STATUSES: readonly PoapEventStatus[] = ['active', 'pending-approval', 'future']

/**
 * One event collectible tied to the user's cards, as the app keeps it (already normalised).
 * Everything but id and name may be unknown (null): the screens show what an entry has.
 */
export interface PoapEvent {
  id: string
  /** POAP's slug, e.g. `ethglobal-2022`. */
  fancyId: string | null
  name: string
  description: string | null
  imageUrl: string | null
  startDate: EventDate | null
  endDate: EventDate | null
  /** Until when the collectible could be claimed. */
  expiryDate: EventDate | null
  year: number | null
  city: string | null
  country: string | null
  eventUrl: string | null
  /** Normalised (see normaliseEventStatus); a known PoapEventStatus or any other word; null when missing. */
  status: string | null
}

/** `PENDING_APPROVAL`, ` Pending approval ` → `pending-approval`; blank or not a string → null. */
export function normaliseEventStatus(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const status = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
  return status === '' ? null : status
}

/** Whether a (normalised) status is one the app knows. */
export function isKnownStatus(status: string | null): status is PoapEventStatus {
  return (POAP_EVENT_STATUSES as readonly (string | null)[]).includes(status)
}

/** A stored date: absent or null → null; a string must be a readable date (it is normalised). */
function expectOptionalDate(value: unknown, path: string): EventDate | null {
  if (value === undefined || value === null) return null
  const date = parseEventDate(value)
  if (typeof value !== 'string' || date === null) throw new ValidationError(path, 'a date string')
  return date
}

/** A stored year: absent or null → null, else a whole number. */
function expectOptionalYear(value: unknown, path: string): number | null {
  if (value === undefined || value === null) return null
  if (!Number.isSafeInteger(value)) throw new ValidationError(path, 'a whole number')
  return value as number
}

/** A stored status: absent or null → null, else a string (normalised again, which changes nothing). */
function expectOptionalStatus(value: unknown, path: string): string | null {
  if (value === undefined || value === null) return null
  return normaliseEventStatus(expectString(value, path))
}

/**
 * Validates one event in the app's own shape (storage, tab messages). Fields added since the
 * first version may be absent (→ null), so a cache written by that version still reads.
 */
export function parsePoapEvent(value: unknown, path = 'event'): PoapEvent {
  const raw = expectRecord(value, path)
  return {
    id: expectString(raw.id, `${path}.id`),
    fancyId: expectOptionalString(raw.fancyId, `${path}.fancyId`),
    // The first version allowed an empty name; keep reading it.
    name: expectString(raw.name, `${path}.name`, true),
    description: expectOptionalString(raw.description, `${path}.description`),
    imageUrl: expectOptionalString(raw.imageUrl, `${path}.imageUrl`),
    startDate: expectOptionalDate(raw.startDate, `${path}.startDate`),
    endDate: expectOptionalDate(raw.endDate, `${path}.endDate`),
    expiryDate: expectOptionalDate(raw.expiryDate, `${path}.expiryDate`),
    year: expectOptionalYear(raw.year, `${path}.year`),
    city: expectOptionalString(raw.city, `${path}.city`),
    country: expectOptionalString(raw.country, `${path}.country`),
    eventUrl: expectOptionalString(raw.eventUrl, `${path}.eventUrl`),
    status: expectOptionalStatus(raw.status, `${path}.status`),
  }
}

/** Validates a list of events in the app's own shape; any bad entry fails the whole list. */
export function parsePoapEventList(value: unknown, path = 'events'): PoapEvent[] {
  return expectArray(value, path).map((item, index) => parsePoapEvent(item, `${path}[${index}]`))
}

/** Whether an event is over at `now`: its end (or, without one, its start) has passed. */
export function hasEnded(event: Pick<PoapEvent, 'startDate' | 'endDate'>, now: number): boolean {
  const last = event.endDate ?? event.startDate
  const endMs = last === null ? null : eventDateEndMs(last)
  return endMs !== null && endMs <= now
}

/** Whether an event belongs to the active group at `now`. */
export function isInActiveGroup(event: PoapEvent, now: number): boolean {
  if (isKnownStatus(event.status)) return ACTIVE_STATUSES.includes(event.status)
  // An unknown or missing status says nothing about the group: the dates decide.
  return !hasEnded(event, now)
}

/** The events split into the two groups, each in the order received. */
export interface GroupedEvents {
  active: PoapEvent[]
  inactive: PoapEvent[]
}

/** Splits events into the active and inactive groups; `now` places events of unknown status. */
export function groupEvents(events: readonly PoapEvent[], now: number): GroupedEvents {
  return {
    active: events.filter((event) => isInActiveGroup(event, now)),
    inactive: events.filter((event) => !isInActiveGroup(event, now)),
  }
}

/** Two events with the same value in every field (an event holds strings, numbers and nulls only). */
function sameEvent(a: PoapEvent, b: PoapEvent): boolean {
  const keys = Object.keys(a) as (keyof PoapEvent)[]
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/**
 * `next`, reusing what has not changed since `previous`: each event equal to the one of the same
 * id before is that same object, and a list equal in every event and in order is `previous`
 * itself. A refresh that brings the same list then re-renders no card (the list is compared by
 * identity, as React compares props).
 */
export function keepUnchanged(previous: PoapEvent[] | null, next: PoapEvent[]): PoapEvent[] {
  if (previous === null) return next
  const before = new Map(previous.map((event) => [event.id, event]))
  const shared = next.map((event) => {
    const old = before.get(event.id)
    return old !== undefined && sameEvent(old, event) ? old : event
  })
  const unchanged =
    shared.length === previous.length && shared.every((event, i) => event === previous[i])
  return unchanged ? previous : shared
}
