/** The demo lists: events in all five statuses, dated relative to today, in each shape served. */
import { createHash } from 'node:crypto'
import type { CamelPoapEvent, EventStatus, NativePoapEvent } from './poap-event.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

interface DemoTemplate {
  slug: string
  /** POAP's event id for the native shape. */
  poapId: number
  name: string
  description: string
  city: string
  country: string
  status: EventStatus
  /** Start, in days from the start of today (UTC), plus an hour of day. */
  startDay: number
  startHour: number
  durationHours: number
  /** Native shape only: served without `image_url`, as some POAP events are. */
  noImage?: true
  /** Native shape only: served with `""` for city and country (an event without a place). */
  noPlace?: true
}

/** The demo templates, in the order they are served. */
export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    slug: 'launch-night',
    poapId: 178_301,
    name: 'Wwworld Launch Night',
    description: 'The night the cards went live: tap in at the door and keep the collectible.',
    city: 'Lisbon',
    country: 'Portugal',
    status: 'active',
    startDay: -2,
    startHour: 19,
    durationHours: 24 * 7,
  },
  {
    slug: 'gallery-walk',
    poapId: 178_302,
    name: 'Tap-In Gallery Walk',
    description: 'Six galleries, one card. Tap at each stop to unlock the full set.',
    city: 'Berlin',
    country: 'Germany',
    status: 'active',
    startDay: -1,
    startHour: 10,
    durationHours: 24 * 3,
  },
  {
    slug: 'night-market',
    poapId: 178_303,
    name: 'Midnight Market Pop-Up',
    description: 'Makers and music until late. Your claim is waiting for the organiser’s approval.',
    city: 'Mexico City',
    country: 'Mexico',
    status: 'pending-approval',
    startDay: 3,
    startHour: 21,
    durationHours: 6,
    noImage: true,
  },
  {
    slug: 'summer-signal',
    poapId: 178_304,
    name: 'Summer Signal Festival',
    description: 'Three days of sound by the sea. Bring your card to get in faster.',
    city: 'Barcelona',
    country: 'Spain',
    status: 'future',
    startDay: 30,
    startHour: 14,
    durationHours: 24 * 3,
  },
  {
    slug: 'genesis-drop',
    poapId: 178_305,
    name: 'Genesis Card Drop',
    description: 'Where the first cards were handed out. A piece of history in your collection.',
    city: 'New York',
    country: 'United States',
    status: 'expired',
    startDay: -60,
    startHour: 18,
    durationHours: 5,
    noPlace: true,
  },
  {
    slug: 'warehouse-session',
    poapId: 178_306,
    name: 'Winter Warehouse Session',
    description: 'A cold night, a warm room and a very long queue for the coat check.',
    city: 'London',
    country: 'United Kingdom',
    status: 'expired',
    startDay: -120,
    startHour: 22,
    durationHours: 8,
    noImage: true,
  },
  {
    slug: 'rooftop-listening',
    poapId: 178_307,
    name: 'Rooftop Listening Party',
    description: 'This claim was not approved: the card was tapped after the event had closed.',
    city: 'Tokyo',
    country: 'Japan',
    status: 'rejected',
    startDay: -10,
    startHour: 17,
    durationHours: 4,
  },
]

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** Days after an event ends that its collectible can still be claimed (POAP's `expiry_date`). */
const CLAIM_DAYS = 30

/** A date as POAP writes it: `DD-Mon-YYYY` in UTC, e.g. `16-Sep-2022`. */
export function poapDate(ms: number): string {
  const date = new Date(ms)
  const day = String(date.getUTCDate()).padStart(2, '0')
  return `${day}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`
}

/** Start and end of a template's event as of `nowMs`: relative to the start of that UTC day. */
function span(template: DemoTemplate, nowMs: number): { start: number; end: number } {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS
  const start = today + template.startDay * DAY_MS + template.startHour * HOUR_MS
  return { start, end: start + template.durationHours * HOUR_MS }
}

function nativeEvent(template: DemoTemplate, nowMs: number, imageBase: string): NativePoapEvent {
  const { start, end } = span(template, nowMs)
  const year = new Date(start).getUTCFullYear()
  return {
    id: template.poapId,
    fancy_id: `${template.slug}-${year}`,
    name: template.name,
    description: template.description,
    city: template.noPlace ? '' : template.city,
    country: template.noPlace ? '' : template.country,
    event_url: `https://iyk.app/events/${template.slug}`,
    ...(template.noImage ? {} : { image_url: `${imageBase}/images/${template.slug}.png` }),
    year,
    start_date: poapDate(start),
    end_date: poapDate(end),
    expiry_date: poapDate(end + CLAIM_DAYS * DAY_MS),
    status: template.status,
  }
}

function camelEvent(
  template: DemoTemplate,
  nowMs: number,
  imageBase: string,
  tag: string,
): CamelPoapEvent {
  const { start, end } = span(template, nowMs)
  return {
    id: `evt-${tag}-${template.slug}`,
    name: template.name,
    description: template.description,
    imageUrl: `${imageBase}/images/${template.slug}.png`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    city: template.city,
    country: template.country,
    eventUrl: `https://iyk.app/events/${template.slug}`,
    status: template.status,
  }
}

function templateFor(slug: string): DemoTemplate {
  const found = DEMO_TEMPLATES.find((candidate) => candidate.slug === slug)
  if (!found) throw new Error(`no demo template ${slug}`)
  return found
}

/** A short tag from the user id, so camelCase ids differ between users. */
function userTag(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 8)
}

/** The demo events in POAP's native shape as of `nowMs` (the same for every user, as POAP's are). */
export function nativeDemoEvents(nowMs: number, imageBase: string): NativePoapEvent[] {
  return DEMO_TEMPLATES.map((template) => nativeEvent(template, nowMs, imageBase))
}

/** The demo events for `userId` in the camelCase shape as of `nowMs`; stable within a UTC day. */
export function camelDemoEvents(
  userId: string,
  nowMs: number,
  imageBase: string,
): CamelPoapEvent[] {
  const tag = userTag(userId)
  return DEMO_TEMPLATES.map((template) => camelEvent(template, nowMs, imageBase, tag))
}

/**
 * Good entries of both shapes beside broken ones a tolerant reader must skip or show neutrally:
 * an unknown status, no id, a start that is not a date, a name that is not a string, a number city.
 */
export function mixedDemoEvents(userId: string, nowMs: number, imageBase: string): unknown[] {
  const native = (slug: string) => nativeEvent(templateFor(slug), nowMs, imageBase)
  const camel = (slug: string) => camelEvent(templateFor(slug), nowMs, imageBase, userTag(userId))
  const withoutId: Partial<NativePoapEvent> = native('gallery-walk')
  delete withoutId.id
  return [
    native('launch-night'),
    camel('summer-signal'),
    native('genesis-drop'),
    { ...native('rooftop-listening'), status: 'claimed' },
    withoutId,
    { ...native('night-market'), start_date: 'sometime soon' },
    { ...native('warehouse-session'), name: 42 },
    { ...camel('gallery-walk'), city: 1234 },
  ]
}
