/** The order of each group on the home screen. */
import type { PoapEvent } from '../../core/poap-event.ts'

const time = (date: string) => {
  const ms = Date.parse(date)
  return Number.isNaN(ms) ? 0 : ms
}

/** Active group: soonest start first (a copy; ties keep the order received). */
export const sortActive = (events: readonly PoapEvent[]): PoapEvent[] =>
  [...events].sort((a, b) => time(a.startDate) - time(b.startDate))

/** Past group: most recent end first (a copy; ties keep the order received). */
export const sortPast = (events: readonly PoapEvent[]): PoapEvent[] =>
  [...events].sort((a, b) => time(b.endDate) - time(a.endDate))
