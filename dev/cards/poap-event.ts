/**
 * The poap events the cards API stand-in serves, in the shapes a real cards backend may send.
 *
 * `GET /api/poap-events` answers `{"data": [...]}`. Which list a user gets is chosen by the email
 * in their session (see `event-shape.ts`); `PUT /_dev/events` replaces any user's list.
 *
 * POAP's native shape (the default), as POAP's API names and formats its event fields:
 *   id           number, POAP's event id (the same for every holder)
 *   fancy_id     string, "<slug>-<year>"
 *   name         string
 *   description  string
 *   city         string, "" when the event has no place
 *   country      string, "" when the event has no place
 *   event_url    string, absolute https URL of the event's page
 *   image_url    string, absolute http(s) URL of a PNG served by the stand-in; absent for some
 *   year         number, the year it starts
 *   start_date   string, "DD-Mon-YYYY" ("16-Sep-2022"), UTC, no time of day
 *   end_date     string, "DD-Mon-YYYY", not before start_date
 *   expiry_date  string, "DD-Mon-YYYY", when claiming closes
 *   status       "active" | "pending-approval" | "future" | "expired" | "rejected" (IYK's own field)
 *
 * The camelCase shape (what the stand-in served first):
 *   id          string, unique within the user's list ("evt-<8 hex>-<slug>")
 *   name, description, city, country   strings
 *   imageUrl    string, absolute http(s) URL of a PNG served by the stand-in (`/images/<slug>.png`)
 *   startDate   string, ISO 8601 UTC ("2025-06-01T18:00:00.000Z")
 *   endDate     string, ISO 8601 UTC, not before startDate
 *   eventUrl    string, absolute https URL of the event's page
 *   status      as above
 *
 * The mixed list holds good entries of both shapes beside entries a tolerant reader must survive:
 * an unknown status (`claimed`), an entry without an id, a start that is not a date, a name that
 * is not a string and a city that is a number.
 */

/** Every status the app knows. */
export const EVENT_STATUSES = [
  'active',
  'pending-approval',
  'future',
  'expired',
  'rejected',
] as const

/** An event status. */
export type EventStatus = (typeof EVENT_STATUSES)[number]

/** Statuses of the "active" group (the rest are past events). */
export const ACTIVE_STATUSES: readonly EventStatus[] = ['active', 'pending-approval', 'future']

/** One poap event in POAP's native shape (see the module comment for each field). */
export interface NativePoapEvent {
  id: number
  fancy_id: string
  name: string
  description: string
  city: string
  country: string
  event_url: string
  image_url?: string
  year: number
  start_date: string
  end_date: string
  expiry_date: string
  status: EventStatus
}

/** One poap event in the camelCase shape (see the module comment for each field). */
export interface CamelPoapEvent {
  id: string
  name: string
  description: string
  imageUrl: string
  startDate: string
  endDate: string
  city: string
  country: string
  eventUrl: string
  status: EventStatus
}
