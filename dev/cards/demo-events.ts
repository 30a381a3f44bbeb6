/** The demo set every user gets: events in all five statuses, dated relative to today. */
import { createHash } from 'node:crypto'
import type { EventStatus, PoapEvent } from './poap-event.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

interface DemoTemplate {
  slug: string
  name: string
  description: string
  city: string
  country: string
  status: EventStatus
  /** Start, in days from the start of today (UTC), plus an hour of day. */
  startDay: number
  startHour: number
  durationHours: number
}

/** The demo templates, in the order they are served. */
export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    slug: 'launch-night',
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
    name: 'Midnight Market Pop-Up',
    description: 'Makers and music until late. Your claim is waiting for the organiser’s approval.',
    city: 'Mexico City',
    country: 'Mexico',
    status: 'pending-approval',
    startDay: 3,
    startHour: 21,
    durationHours: 6,
  },
  {
    slug: 'summer-signal',
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
    name: 'Genesis Card Drop',
    description: 'Where the first cards were handed out. A piece of history in your collection.',
    city: 'New York',
    country: 'United States',
    status: 'expired',
    startDay: -60,
    startHour: 18,
    durationHours: 5,
  },
  {
    slug: 'warehouse-session',
    name: 'Winter Warehouse Session',
    description: 'A cold night, a warm room and a very long queue for the coat check.',
    city: 'London',
    country: 'United Kingdom',
    status: 'expired',
    startDay: -120,
    startHour: 22,
    durationHours: 8,
  },
  {
    slug: 'rooftop-listening',
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

/** The demo events for `userId` as of `nowMs`; stable within a UTC day. */
export function demoEvents(userId: string, nowMs: number, imageBase: string): PoapEvent[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS
  const tag = createHash('sha256').update(userId).digest('hex').slice(0, 8)
  return DEMO_TEMPLATES.map((template) => {
    const start = today + template.startDay * DAY_MS + template.startHour * HOUR_MS
    return {
      id: `evt-${tag}-${template.slug}`,
      name: template.name,
      description: template.description,
      imageUrl: `${imageBase}/images/${template.slug}.svg`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + template.durationHours * HOUR_MS).toISOString(),
      city: template.city,
      country: template.country,
      eventUrl: `https://iyk.app/events/${template.slug}`,
      status: template.status,
    }
  })
}
