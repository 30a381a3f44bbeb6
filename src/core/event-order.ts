/** The order of each group on the home screen; events without a date come last. */
import { eventDateEndMs, eventDateStartMs, type EventDate } from './event-date.ts'
import type { PoapEvent } from './poap-event.ts'

/** The first readable date's time, or null when none reads. */
function firstTime(dates: (EventDate | null)[], time: (date: EventDate) => number | null) {
  for (const date of dates) {
    const ms = date === null ? null : time(date)
    if (ms !== null) return ms
  }
  return null
}

/** Sorts a copy by `key`, ascending or descending; null keys last, ties keep the order received. */
function sortBy(
  events: readonly PoapEvent[],
  key: (event: PoapEvent) => number | null,
  direction: 1 | -1,
): PoapEvent[] {
  const keyed = events.map((event) => ({ event, key: key(event) }))
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0)
    return direction * (a.key - b.key)
  })
  return keyed.map(({ event }) => event)
}

/** An event's sort times, read once per event object (a search sorts the same events often). */
const times = new WeakMap<PoapEvent, { start: number | null; end: number | null }>()

function timesOf(event: PoapEvent) {
  let known = times.get(event)
  if (known === undefined) {
    known = {
      start: firstTime([event.startDate, event.endDate], eventDateStartMs),
      end: firstTime([event.endDate, event.startDate], eventDateEndMs),
    }
    times.set(event, known)
  }
  return known
}

/** Active group: soonest start first (the end when there is no start), undated last. */
export const sortActive = (events: readonly PoapEvent[]): PoapEvent[] =>
  sortBy(events, (e) => timesOf(e).start, 1)

/**
 * Past group: most recent end first (the start when there is no end); or, `oldest` first, the
 * earliest start first (the end when there is no start). Undated last either way.
 */
export const sortPast = (
  events: readonly PoapEvent[],
  order: 'newest' | 'oldest' = 'newest',
): PoapEvent[] =>
  order === 'newest'
    ? sortBy(events, (e) => timesOf(e).end, -1)
    : sortBy(events, (e) => timesOf(e).start, 1)
