/** The cap on a list's length: which events stay when an answer holds more than the app keeps. */
import { eventDateStartMs } from './event-date.ts'
import type { PoapEvent } from './poap-event.ts'

/**
 * The `max` newest events, in the order received: newest by start date (its first moment), an
 * event without a readable start date after every dated one, and among equals the one earlier in
 * the answer first. A list within `max` comes back as it is.
 */
export function newestEvents(events: PoapEvent[], max: number): PoapEvent[] {
  if (events.length <= max) return events
  const ranked = events.map((event, index) => ({
    index,
    start: event.startDate === null ? null : eventDateStartMs(event.startDate),
  }))
  ranked.sort((a, b) => {
    if (a.start !== b.start) {
      if (a.start === null) return 1
      if (b.start === null) return -1
      return b.start - a.start
    }
    return a.index - b.index
  })
  const kept = ranked.slice(0, Math.max(0, max)).map(({ index }) => index)
  kept.sort((a, b) => a - b)
  return kept.map((index) => events[index] as PoapEvent)
}
