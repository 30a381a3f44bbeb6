/** The poap event model: its shape, validation of the cards API body, and the active/inactive groups. */
import {
  ValidationError,
  expectArray,
  expectDateString,
  expectOneOf,
  expectOptionalString,
  expectRecord,
  expectString,
} from './validation'

/** Every status a poap event can have (spec §3). */
export const POAP_EVENT_STATUSES = [
  'active',
  'pending-approval',
  'future',
  'expired',
  'rejected',
] as const

/** A poap event's status. */
export type PoapEventStatus = (typeof POAP_EVENT_STATUSES)[number]

/** Statuses of the active group (spec §4). */
export const ACTIVE_STATUSES: readonly PoapEventStatus[] = ['active', 'pending-approval', 'future']

/** Statuses of the inactive group (spec §4). */
export const INACTIVE_STATUSES: readonly PoapEventStatus[] = ['expired', 'rejected']

/** One event collectible tied to the user's cards, as the app uses it. */
export interface PoapEvent {
  id: string
  name: string
  description: string | null
  imageUrl: string | null
  startDate: string
  endDate: string
  city: string | null
  country: string | null
  eventUrl: string | null
  status: PoapEventStatus
}

/** Validates one event (the id may arrive as a number; it is kept as a string). */
export function parsePoapEvent(value: unknown, path = 'event'): PoapEvent {
  const raw = expectRecord(value, path)
  const id = raw.id
  if (!(typeof id === 'string' && id !== '') && !(typeof id === 'number' && Number.isFinite(id))) {
    throw new ValidationError(`${path}.id`, 'a non-empty string or a number')
  }
  return {
    id: String(id),
    name: expectString(raw.name, `${path}.name`, true),
    description: expectOptionalString(raw.description, `${path}.description`),
    imageUrl: expectOptionalString(raw.imageUrl, `${path}.imageUrl`),
    startDate: expectDateString(raw.startDate, `${path}.startDate`),
    endDate: expectDateString(raw.endDate, `${path}.endDate`),
    city: expectOptionalString(raw.city, `${path}.city`),
    country: expectOptionalString(raw.country, `${path}.country`),
    eventUrl: expectOptionalString(raw.eventUrl, `${path}.eventUrl`),
    status: expectOneOf(raw.status, POAP_EVENT_STATUSES, `${path}.status`),
  }
}

/** Validates a list of events; any bad entry fails the whole list. */
export function parsePoapEventList(value: unknown, path = 'events'): PoapEvent[] {
  return expectArray(value, path).map((item, index) => parsePoapEvent(item, `${path}[${index}]`))
}

/** Reads the events of a cards API body `{data: [...]}`; throws a ValidationError if anything is off. */
export function parsePoapEvents(body: unknown): PoapEvent[] {
  return parsePoapEventList(expectRecord(body, 'body').data, 'data')
}

/** Whether any event is in the active group. */
export function hasActiveEvents(events: readonly PoapEvent[]): boolean {
  return events.some((event) => ACTIVE_STATUSES.includes(event.status))
}

/** Whether any event is in the inactive group. */
export function hasInactiveEvents(events: readonly PoapEvent[]): boolean {
  return events.some((event) => INACTIVE_STATUSES.includes(event.status))
}

/** The events split into the two groups, each in the order received. */
export interface GroupedEvents {
  active: PoapEvent[]
  inactive: PoapEvent[]
}

/** Splits events into the active and inactive groups. */
export function groupEvents(events: readonly PoapEvent[]): GroupedEvents {
  return {
    active: events.filter((event) => ACTIVE_STATUSES.includes(event.status)),
    inactive: events.filter((event) => INACTIVE_STATUSES.includes(event.status)),
  }
}
