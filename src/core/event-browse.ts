/**
 * The home list as the holder asked for it: the search and filters of the URL applied, what is
 * happening today marked, the past grouped by year, and how many events each filter choice holds
 * (with the search and the other filters applied, so a choice never promises what it cannot show).
 */
import { eventDateParts, type EventDate } from './event-date.ts'
import { sortActive, sortPast } from './event-order.ts'
import { eventMatcher, searchKey } from './event-search.ts'
import type { ListSearch } from './list-search.ts'
import { isInActiveGroup, type PoapEvent } from './poap-event.ts'

/** The past events of one year (null: no date or year reads), in the order asked for. */
export interface YearGroup {
  year: number | null
  events: PoapEvent[]
}

/** One choice of a filter and how many events it holds. */
export interface FacetCount<T> {
  value: T
  count: number
}

/** The list to show, and the figures beside it. */
export interface BrowsedEvents {
  /** Events that meet the search and every filter. */
  matching: number
  /** Now and upcoming: happening today first, then nearest first. */
  now: PoapEvent[]
  /** Ids of the events whose dates include today, where the holder is. */
  happening: ReadonlySet<string>
  /** Past events by year, newest year first (oldest first when sorted so); no year last. */
  past: YearGroup[]
  /** Each year (newest first) with its count under the other filters. */
  years: FacetCount<number>[]
  /** Each country (as the events first spell it, alphabetically) with its count. */
  countries: FacetCount<string>[]
  /** How many are now and upcoming, and past, under the other filters. */
  when: { now: number; past: number }
  /** How many each "all" choice holds: any year (undated too), any country (unnamed too). */
  anyYear: number
  anyCountry: number
}

/** The facts of an event that do not change with the search or the hour. */
interface Facts {
  zone: string
  /** First and last day it runs, `YYYY-MM-DD` in the holder's time zone; null when undated. */
  firstDay: string | null
  lastDay: string | null
  year: number | null
  countryKey: string | null
}

const facts = new WeakMap<PoapEvent, Facts>()

/** A day as `YYYY-MM-DD` in one time zone: parts, never a locale's format (which ICU changes). */
function dayFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return (ms) => {
    const parts = format.formatToParts(ms)
    const part = (type: string) => parts.find((p) => p.type === type)?.value
    return `${part('year')}-${part('month')}-${part('day')}`
  }
}

/** The day of an event date: an all-day date is the same day everywhere; an instant, here. */
function dayOf(date: EventDate | null, day: (ms: number) => string): string | null {
  const parts = date === null ? null : eventDateParts(date)
  if (parts === null) return null
  // A normalised all-day date is written `YYYY-MM-DD` already.
  return parts.allDay ? date : day(parts.ms)
}

function factsOf(event: PoapEvent, zone: string, day: (ms: number) => string): Facts {
  const known = facts.get(event)
  if (known !== undefined && known.zone === zone) return known
  const first = dayOf(event.startDate, day) ?? dayOf(event.endDate, day)
  const last = dayOf(event.endDate, day) ?? first
  const year =
    event.year !== null && Number.isInteger(event.year) && event.year >= 1970 && event.year <= 9999
      ? event.year
      : first === null
        ? null
        : Number(first.slice(0, 4))
  const country = event.country === null ? '' : searchKey(event.country)
  const found: Facts = {
    zone,
    firstDay: first,
    lastDay: last,
    year,
    countryKey: country === '' ? null : country,
  }
  facts.set(event, found)
  return found
}

/** Groups sorted past events by year, keeping their order inside each year. */
function byYear(events: PoapEvent[], yearOf: (event: PoapEvent) => number | null, oldest: boolean) {
  const groups = new Map<number | null, PoapEvent[]>()
  for (const event of events) {
    const year = yearOf(event)
    const group = groups.get(year)
    if (group) group.push(event)
    else groups.set(year, [event])
  }
  return [...groups]
    .map(([year, list]): YearGroup => ({ year, events: list }))
    .sort((a, b) => {
      if (a.year === null || b.year === null)
        return (a.year === null ? 1 : 0) - (b.year === null ? 1 : 0)
      return oldest ? a.year - b.year : b.year - a.year
    })
}

/** Adds one to `key`'s count. */
const tally = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1)

/**
 * The list for `search` at `now`, in `timeZone` (the holder's when left out). Each event is
 * tested once per filter; facts that do not change (its days, year and country) are kept per
 * event object, so typing one more letter re-reads none of them.
 */
export function browseEvents(
  events: readonly PoapEvent[],
  search: ListSearch,
  now: number,
  timeZone?: string,
): BrowsedEvents {
  const zone = timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone
  const day = dayFormatter(zone)
  const today = day(now)
  const matchesText = eventMatcher(search.q ?? '')
  const wantedCountry = search.country === undefined ? null : searchKey(search.country)

  const nowEvents: PoapEvent[] = []
  const pastEvents: PoapEvent[] = []
  const happening = new Set<string>()
  const years = new Map<number, number>()
  const countries = new Map<string, number>()
  const labels = new Map<string, string>()
  const when = { now: 0, past: 0 }
  let anyYear = 0
  let anyCountry = 0

  for (const event of events) {
    if (!matchesText(event)) continue
    const { firstDay, lastDay, year, countryKey } = factsOf(event, zone, day)
    const group = isInActiveGroup(event, now) ? 'now' : 'past'
    const inWhen = search.when === undefined || search.when === group
    const inYear = search.year === undefined || search.year === year
    const inCountry = wantedCountry === null || wantedCountry === countryKey
    if (inWhen && inCountry) {
      anyYear += 1
      if (year !== null) tally(years, year)
    }
    if (inWhen && inYear) {
      anyCountry += 1
      if (countryKey !== null) tally(countries, countryKey)
      if (countryKey !== null && !labels.has(countryKey)) {
        labels.set(countryKey, (event.country ?? '').trim())
      }
    }
    if (inYear && inCountry) when[group] += 1
    if (!(inWhen && inYear && inCountry)) continue
    if (group === 'past') {
      pastEvents.push(event)
      continue
    }
    nowEvents.push(event)
    if (firstDay !== null && lastDay !== null && firstDay <= today && today <= lastDay) {
      happening.add(event.id)
    }
  }

  const yearOf = (event: PoapEvent) => factsOf(event, zone, day).year
  const sortedNow = sortActive(nowEvents)
  return {
    matching: nowEvents.length + pastEvents.length,
    now: [
      ...sortedNow.filter((event) => happening.has(event.id)),
      ...sortedNow.filter((event) => !happening.has(event.id)),
    ],
    happening,
    past: byYear(sortPast(pastEvents, search.sort ?? 'newest'), yearOf, search.sort === 'oldest'),
    years: [...years].map(([value, count]) => ({ value, count })).sort((a, b) => b.value - a.value),
    countries: [...countries]
      .map(([key, count]) => ({ value: labels.get(key) ?? key, count }))
      .sort((a, b) => a.value.localeCompare(b.value)),
    when,
    anyYear,
    anyCountry,
  }
}
