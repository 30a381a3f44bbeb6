/**
 * Formatting of event dates, places and ages for people, in the app's active language by default
 * (`i18n.locale`, never the browser's: the dates must read in the language around them).
 */
import { t } from '@lingui/core/macro'
import { eventDateParts, type EventDate } from '../../core/event-date.ts'
import type { PoapEvent } from '../../core/poap-event.ts'
import { i18n } from '../../shared/i18n.ts'

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The formatter for `locale` and `options` in `timeZone`, made once: making one costs far more
 * than using it, and a list of events formats its dates many times over (a long task on a phone).
 */
function formatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
) {
  const key = JSON.stringify([locale, options, timeZone])
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formatters.set(key, made)
  }
  return made
}

/** Formats `ms` in `locale` and `timeZone` (undefined: the device's zone). */
const inZone = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  ms: number,
) => formatter(locale, options, timeZone).format(ms)

/**
 * A date for people: an all-day date is the same calendar day in every zone, so it is formatted
 * in UTC from its own year, month and day; an instant is shown in the viewer's zone.
 */
function dateText(
  date: EventDate | null,
  locale: string,
  timeZone: string | undefined,
  withTime: boolean,
) {
  const parts = date === null ? null : eventDateParts(date)
  if (parts === null) return null
  if (parts.allDay) {
    return inZone(locale, DAY, 'UTC', Date.UTC(parts.year, parts.month - 1, parts.day))
  }
  return inZone(locale, withTime ? { ...DAY, ...TIME } : DAY, timeZone, parts.ms)
}

/** A year alone, as `locale` writes one ("2022", "2022年"). */
const yearText = (year: number, locale: string) =>
  inZone(locale, { year: 'numeric' }, 'UTC', new Date(0).setUTCFullYear(year, 0, 1))

/**
 * The text when at most one end of the range is known; its words in the active language (a
 * component showing it calls `useLingui()`, so it shows again when the language changes).
 */
function partialRange(
  from: string | null,
  to: string | null,
  year: number | null,
  locale: string,
): string {
  if (from !== null) return from
  // Alone, an end date would read like a start date.
  if (to !== null) {
    return t({ message: `Until ${to}`, comment: 'An event with only an end date: its end date' })
  }
  return year !== null ? yearText(year, locale) : t`Date to be announced`
}

/**
 * Two dates as one natural range in the holder's locale ("3–5 Mar 2026", "3 Mar – 5 Apr 2026",
 * or one date when both fall on the same day), or null when the two ends cannot make a range (one
 * all-day and one instant, or an end before its start): then the caller joins the two texts.
 */
function naturalRange(
  start: EventDate | null,
  end: EventDate | null,
  options: Intl.DateTimeFormatOptions,
  locale: string,
  timeZone: string | undefined,
): string | null {
  const from = start === null ? null : eventDateParts(start)
  const to = end === null ? null : eventDateParts(end)
  if (from === null || to === null || from.allDay !== to.allDay) return null
  const [a, b, zone, format] =
    from.allDay && to.allDay
      ? [
          Date.UTC(from.year, from.month - 1, from.day),
          Date.UTC(to.year, to.month - 1, to.day),
          'UTC',
          DAY,
        ]
      : !from.allDay && !to.allDay
        ? [from.ms, to.ms, timeZone, options]
        : [0, 0, undefined, options]
  if (b < a) return null
  return formatter(locale, format, zone).formatRange(a, b)
}

/**
 * "3 Mar 2026", or a natural range ("3–5 Mar 2026"); "Until 5 Mar 2026" without a start; the
 * year, or "Date to be announced", without either. `timeZone` is the viewer's (the device's by
 * default); all-day dates are the same calendar day everywhere. `locale` is the active language's
 * by default.
 */
export function formatDates(
  event: Pick<PoapEvent, 'startDate' | 'endDate' | 'year'>,
  timeZone?: string,
  locale: string = i18n.locale,
): string {
  const from = dateText(event.startDate, locale, timeZone, false)
  const to = dateText(event.endDate, locale, timeZone, false)
  if (from === null || to === null) return partialRange(from, to, event.year, locale)
  if (from === to) return from
  return naturalRange(event.startDate, event.endDate, DAY, locale, timeZone) ?? `${from} – ${to}`
}

/**
 * "Lisbon, Portugal", or whichever part is known; both joined as the active language joins them
 * (a component showing it calls `useLingui()`).
 */
export function formatPlace(event: Pick<PoapEvent, 'city' | 'country'>): string {
  const { city, country } = event
  if (city && country) {
    return t({
      message: `${city}, ${country}`,
      comment: 'An event’s place: its city, then its country',
    })
  }
  return city || country || ''
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>()

/** The relative-time formatter for `locale`, made once (see `formatter`). */
function relativeFormatter(locale: string | string[]) {
  const key = JSON.stringify(locale)
  let made = relativeFormatters.get(key)
  if (!made) {
    // `auto` gives the locale's own words where it has them: "now", "yesterday".
    made = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormatters.set(key, made)
  }
  return made
}

/**
 * How long ago `fetchedAt` was at `now`, in the largest whole unit, in `locale` (the active
 * language's by default): "now" under a minute, then "5 minutes ago", "3 hours ago",
 * "yesterday", "2 days ago" ("hace 5 minutos" in Spanish). A time ahead of `now` (another clock)
 * reads as now.
 */
export function formatAge(
  fetchedAt: number,
  now: number,
  locale: string | string[] = i18n.locale,
): string {
  const format = relativeFormatter(locale)
  const minutes = Math.max(0, Math.floor((now - fetchedAt) / 60_000))
  if (minutes < 1) return format.format(0, 'second')
  if (minutes < 60) return format.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return format.format(-hours, 'hour')
  return format.format(-Math.floor(hours / 24), 'day')
}

/**
 * With times for instants, in the viewer's zone, as one natural range ("3 Mar 2026, 19:00 –
 * 23:00" on one day); all-day dates without times, as in formatDates (`locale` too).
 */
export function formatDateTimes(
  event: Pick<PoapEvent, 'startDate' | 'endDate' | 'year'>,
  timeZone?: string,
  locale: string = i18n.locale,
): string {
  const from = dateText(event.startDate, locale, timeZone, true)
  const to = dateText(event.endDate, locale, timeZone, true)
  if (from === null || to === null) return partialRange(from, to, event.year, locale)
  if (from === to) return from
  const withTimes = { ...DAY, ...TIME }
  return (
    naturalRange(event.startDate, event.endDate, withTimes, locale, timeZone) ?? `${from} – ${to}`
  )
}
