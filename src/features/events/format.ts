/** Formatting of event dates, places and ages for people. */
import type { PoapEvent } from '../../core/poap-event.ts'

const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

/** "3 Mar 2026" or "3 Mar 2026 – 5 Mar 2026"; an unreadable date is left out. */
export function formatDates(event: Pick<PoapEvent, 'startDate' | 'endDate'>): string {
  const start = Date.parse(event.startDate)
  const end = Date.parse(event.endDate)
  if (Number.isNaN(start)) return ''
  const from = dateFormat.format(start)
  if (Number.isNaN(end)) return from
  const to = dateFormat.format(end)
  return from === to ? from : `${from} – ${to}`
}

/** "Lisbon, Portugal", or whichever part is known. */
export function formatPlace(event: Pick<PoapEvent, 'city' | 'country'>): string {
  return [event.city, event.country].filter(Boolean).join(', ')
}

/** "just now", "1 min ago", "12 min ago", "3 h ago", "2 days ago". */
export function formatAge(fetchedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000))
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day ago' : `${days} days ago`
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString()

/**
 * With times, in the device's time zone: "3 Mar 2026, 19:00 – 23:00" on one day, else
 * "3 Mar 2026, 19:00 – 10 Mar 2026, 19:00"; an unreadable date is left out.
 */
export function formatDateTimes(event: Pick<PoapEvent, 'startDate' | 'endDate'>): string {
  const start = Date.parse(event.startDate)
  const end = Date.parse(event.endDate)
  if (Number.isNaN(start)) return ''
  const from = dateTimeFormat.format(start)
  if (Number.isNaN(end)) return from
  return `${from} – ${sameDay(start, end) ? timeFormat.format(end) : dateTimeFormat.format(end)}`
}
