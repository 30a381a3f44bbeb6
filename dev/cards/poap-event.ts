/**
 * The poap event as the cards API stand-in serves it (and as the app validates it).
 *
 * `GET /api/poap-events` answers `{"data": PoapEvent[]}` where each event is:
 *   id          string, unique within the user's list ("evt-<8 hex>-<slug>")
 *   name        string
 *   description string
 *   imageUrl    string, absolute http(s) URL of an SVG served by the stand-in (`/images/<slug>.svg`)
 *   startDate   string, ISO 8601 UTC ("2025-06-01T18:00:00.000Z")
 *   endDate     string, ISO 8601 UTC, not before startDate
 *   city        string
 *   country     string
 *   eventUrl    string, absolute https URL of the event's page
 *   status      "active" | "pending-approval" | "future" | "expired" | "rejected"
 */

/** Every status an event can have. */
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

/** One poap event (see the module comment for each field). */
export interface PoapEvent {
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
