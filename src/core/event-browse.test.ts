/** The home list under a search and filters: groups, marks and counts. */
import { describe, expect, it } from 'vitest'
import { browseEvents } from './event-browse.ts'
import { parseListSearch, type ListSearch } from './list-search.ts'
import type { PoapEvent } from './poap-event.ts'
import { bareEvent } from './testing/poap-events.ts'

// 2026-11-29 at 10:00 in Tokyo (01:00 UTC), still the 28th in São Paulo (22:00).
const NOW = Date.UTC(2026, 10, 29, 1, 0)
const TOKYO = 'Asia/Tokyo'

const PLACES = [
  { city: 'São Paulo', country: 'Brasil' },
  { city: 'Zürich', country: 'Schweiz' },
  { city: '東京', country: '日本' },
  { city: 'Berlin', country: 'Deutschland' },
  { city: 'Lisboa', country: 'Portugal' },
  { city: 'Montréal', country: 'Canada' },
]

/** A collector's 51 events: 48 past over 2019–2026 in six cities, one today, two coming up. */
function collection(): PoapEvent[] {
  const past = Array.from({ length: 48 }, (_, i) => {
    const year = 2019 + (i % 8)
    const day = `${year}-0${1 + (i % 9)}-1${i % 10}`
    return bareEvent({
      id: `past-${i}`,
      name: `Meetup ${i}`,
      startDate: day,
      endDate: day,
      status: 'expired',
      ...PLACES[i % PLACES.length],
    })
  })
  return [
    ...past,
    bareEvent({
      id: 'today',
      name: 'Card night',
      startDate: '2026-11-29',
      status: 'active',
      ...PLACES[2],
    }),
    bareEvent({ id: 'next-month', name: 'Winter fair', startDate: '2026-12-20', status: 'future' }),
    bareEvent({
      id: 'next-week',
      name: 'Hack week',
      startDate: '2026-12-05',
      endDate: '2026-12-09',
      status: 'future',
      ...PLACES[1],
    }),
  ]
}

const browse = (search: ListSearch, events = collection(), zone = TOKYO) =>
  browseEvents(events, parseListSearch(search as Record<string, unknown>), NOW, zone)
const ids = (events: PoapEvent[]) => events.map((event) => event.id)

describe('browseEvents', () => {
  it('puts today first, then the nearest, and the past by year, newest year first', () => {
    const list = browse({})
    expect(list.matching).toBe(51)
    expect(ids(list.now)).toEqual(['today', 'next-week', 'next-month'])
    expect([...list.happening]).toEqual(['today'])
    expect(list.past.map((group) => group.year)).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019,
    ])
    expect(list.past.map((group) => group.events.length)).toEqual([6, 6, 6, 6, 6, 6, 6, 6])
    const within = list.past[0]?.events.map((event) => event.startDate) ?? []
    expect(within).toEqual([...within].sort().reverse())
  })

  it('sorts the past oldest first when asked, years and events alike', () => {
    const list = browse({ sort: 'oldest' })
    expect(list.past.map((group) => group.year)).toEqual([
      2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026,
    ])
    const within = list.past[0]?.events.map((event) => event.startDate) ?? []
    expect(within).toEqual([...within].sort())
    expect(ids(list.now)).toEqual(['today', 'next-week', 'next-month'])
  })

  it('finds sao, zurich and 東京 in the places, and says how many match', () => {
    expect(browse({ q: 'sao' }).matching).toBe(8)
    const zurich = browse({ q: 'ZURICH' })
    expect(zurich.matching).toBe(9)
    expect(ids(zurich.now)).toEqual(['next-week'])
    expect(browse({ q: '東京' }).matching).toBe(9)
    expect(browse({ q: 'nowhere at all' })).toMatchObject({ matching: 0, now: [], past: [] })
  })

  it('filters by year, by now or past and by country, together with the search', () => {
    expect(browse({ year: 2021 }).past.map((group) => group.year)).toEqual([2021])
    expect(browse({ year: 2021 }).matching).toBe(6)
    expect(browse({ when: 'now' })).toMatchObject({ matching: 3, past: [] })
    expect(browse({ when: 'past' }).now).toEqual([])
    expect(browse({ country: 'schweiz' }).matching).toBe(9)
    expect(browse({ country: 'Schweiz', when: 'now' }).matching).toBe(1)
    // Meetups 1 and 25 were in Zürich in 2020.
    expect(
      ids(browse({ q: 'meetup', country: 'Schweiz', year: 2020 }).past[0]?.events ?? []),
    ).toEqual(['past-25', 'past-1'])
  })

  it('counts each choice under the search and the other filters, never its own', () => {
    const all = browse({})
    expect(all.when).toEqual({ now: 3, past: 48 })
    expect(all.years.map((facet) => facet.value)).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019,
    ])
    expect(all.years.find((facet) => facet.value === 2026)?.count).toBe(9)
    expect(all.countries).toEqual([
      { value: 'Brasil', count: 8 },
      { value: 'Canada', count: 8 },
      { value: 'Deutschland', count: 8 },
      { value: 'Portugal', count: 8 },
      { value: 'Schweiz', count: 9 },
      { value: '日本', count: 9 },
    ])
    // A year chosen: the year list still offers every year, the countries count that year's.
    expect(all).toMatchObject({ anyYear: 51, anyCountry: 51 })
    const year = browse({ year: 2019 })
    expect(year.years).toHaveLength(8)
    expect(year.countries.reduce((sum, facet) => sum + facet.count, 0)).toBe(6)
    expect(year.when).toEqual({ now: 0, past: 6 })
    expect(year).toMatchObject({ anyYear: 51, anyCountry: 6 })
    // A search narrows every count.
    expect(browse({ q: 'card night' }).when).toEqual({ now: 1, past: 0 })
  })

  it('takes one spelling of a country per key: case, accents and width aside', () => {
    const events = [
      bareEvent({ id: 'a', country: 'México', startDate: '2020-01-01' }),
      bareEvent({ id: 'b', country: 'mexico', startDate: '2020-01-02' }),
      bareEvent({ id: 'c', country: 'ＭＥＸＩＣＯ', startDate: '2020-01-03' }),
      bareEvent({ id: 'd', country: '  ', startDate: '2020-01-04' }),
    ]
    const list = browse({}, events)
    expect(list.countries).toEqual([{ value: 'México', count: 3 }])
    expect(browse({ country: 'MEXICO' }, events).matching).toBe(3)
  })

  it('marks an event happening today in the holder’s time zone, not in UTC', () => {
    // 23:00 UTC on the 28th is 08:00 on the 29th in Tokyo and 20:00 on the 28th in São Paulo.
    const evening = bareEvent({
      id: 'evening',
      startDate: '2026-11-28T23:00:00.000Z',
      endDate: '2026-11-29T02:00:00.000Z',
      status: 'active',
    })
    expect([...browse({}, [evening], TOKYO).happening]).toEqual(['evening'])
    expect([...browse({}, [evening], 'America/Sao_Paulo').happening]).toEqual(['evening'])
    // A multi-day event running through today; one that starts tomorrow is not.
    const running = bareEvent({
      id: 'run',
      startDate: '2026-11-20',
      endDate: '2026-12-02',
      status: 'active',
    })
    const tomorrow = bareEvent({ id: 'tomorrow', startDate: '2026-11-30', status: 'future' })
    expect([...browse({}, [tomorrow, running], TOKYO).happening]).toEqual(['run'])
    // In São Paulo it is still the 28th: a one-day event of the 29th has not begun.
    const day29 = bareEvent({ id: 'd29', startDate: '2026-11-29', status: 'future' })
    expect([...browse({}, [day29], 'America/Sao_Paulo').happening]).toEqual([])
    expect([...browse({}, [day29], TOKYO).happening]).toEqual(['d29'])
  })

  it('never marks a rejected or ended claim as happening, even on its day', () => {
    const rejected = bareEvent({ id: 'r', startDate: '2026-11-29', status: 'rejected' })
    const list = browse({}, [rejected])
    expect(list.happening.size).toBe(0)
    expect(list.past[0]?.events.map((event) => event.id)).toEqual(['r'])
  })

  it('takes the year POAP gives, else the start date’s; undated events come last', () => {
    const events = [
      bareEvent({ id: 'undated', status: 'expired' }),
      bareEvent({ id: 'given', year: 2018, startDate: '2019-01-01', status: 'expired' }),
      bareEvent({ id: 'end-only', endDate: '2020-06-01', status: 'expired' }),
      bareEvent({ id: 'odd-year', year: 12, startDate: '2021-02-02', status: 'expired' }),
    ]
    const list = browse({}, events)
    expect(list.past.map((group) => [group.year, ids(group.events)])).toEqual([
      [2021, ['odd-year']],
      [2020, ['end-only']],
      [2018, ['given']],
      [null, ['undated']],
    ])
    expect(list.years.map((facet) => facet.value)).toEqual([2021, 2020, 2018])
  })
})
