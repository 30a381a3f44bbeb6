/** The home list searched and filtered: as the holder types, with counts, and from the URL. */
import { useState } from 'react'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseListSearch, type ListSearch } from '../../core/list-search.ts'
import type { PoapEvent } from '../../core/poap-event.ts'
import { signedInStore } from '../../store/app-store.test-support.ts'
import { EventsHome } from './events-home.tsx'
import { eventsMessage, makeEvent, renderInRouter } from './render-in-router.test-support.tsx'

afterEach(() => vi.restoreAllMocks())

/** The local calendar day `days` from today, as an all-day date. */
function day(days: number): string {
  const date = new Date()
  date.setDate(date.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

const PAST: PoapEvent[] = [
  makeEvent({
    id: 'sp',
    name: 'Meetup',
    city: 'São Paulo',
    country: 'Brasil',
    year: 2021,
    startDate: '2021-05-01',
    endDate: '2021-05-01',
    status: 'expired',
  }),
  makeEvent({
    id: 'zh',
    name: 'Hackathon',
    city: 'Zürich',
    country: 'Schweiz',
    year: 2021,
    startDate: '2021-09-01',
    endDate: '2021-09-02',
    status: 'expired',
  }),
  makeEvent({
    id: 'tk',
    name: 'ETH東京',
    city: '東京',
    country: '日本',
    year: 2019,
    startDate: '2019-04-01',
    endDate: '2019-04-01',
    status: 'expired',
  }),
  makeEvent({
    id: 'zh2',
    name: 'Winter meetup',
    city: 'Zürich',
    country: 'Schweiz',
    year: 2019,
    startDate: '2019-12-01',
    endDate: '2019-12-01',
    status: 'expired',
  }),
]
const TODAY = makeEvent({
  id: 'today',
  name: 'Card night',
  city: 'Berlin',
  country: 'Deutschland',
  year: null,
  startDate: day(0),
  endDate: day(0),
  status: 'active',
})
const NEXT = makeEvent({
  id: 'next',
  name: 'Fair',
  city: 'Lisboa',
  country: 'Portugal',
  year: null,
  startDate: day(20),
  endDate: day(21),
  status: 'future',
})
const EVENTS = [...PAST, NEXT, TODAY]

/** The list with its search held as the route holds it: each change read back through the URL's parser. */
function Home({
  initial,
  onSearch,
}: {
  initial: ListSearch
  onSearch?: (search: ListSearch) => void
}) {
  const [search, setSearch] = useState(initial)
  return (
    <>
      <button type="button" onClick={() => setSearch(parseListSearch({ q: 'sao' }))}>
        URL changes
      </button>
      <EventsHome
        onRefresh={() => {}}
        search={search}
        onSearch={(next) => {
          onSearch?.(next)
          setSearch(parseListSearch({ ...next }))
        }}
      />
    </>
  )
}

const renderHome = (initial: ListSearch = {}, onSearch = vi.fn()) =>
  renderInRouter(
    <Home initial={initial} onSearch={onSearch} />,
    signedInStore([eventsMessage(EVENTS)]),
  )

const cardNames = () =>
  screen.queryAllByTestId('event-card').map((card) => within(card).getByRole('heading').textContent)
const box = () => screen.getByRole('searchbox', { name: 'Search your events' })
const select = (name: string) => screen.getByRole('combobox', { name })
const options = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('searching the list', () => {
  it('narrows the list with each keystroke and says how many match', async () => {
    await renderHome()
    expect(screen.getByTestId('match-count')).toHaveTextContent('6 events')
    fireEvent.change(box(), { target: { value: 'sao' } })
    await waitFor(() => expect(cardNames()).toEqual(['Meetup']))
    expect(screen.getByTestId('match-count')).toHaveTextContent('1 event matches')
    fireEvent.change(box(), { target: { value: 'ZURICH' } })
    await waitFor(() => expect(cardNames()).toEqual(['Hackathon', 'Winter meetup']))
    expect(screen.getByTestId('match-count')).toHaveTextContent('2 events match')
  })

  it('puts the search in the URL once typing pauses, and only the settled words', async () => {
    const onSearch = vi.fn()
    await renderHome({}, onSearch)
    for (const text of ['z', 'zu', 'zur']) fireEvent.change(box(), { target: { value: text } })
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ q: 'zur' })),
    )
    expect(onSearch).toHaveBeenCalledTimes(1)
    fireEvent.change(box(), { target: { value: '   ' } })
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ q: undefined })),
    )
    expect(box()).toHaveValue('   ')
  })

  it('opens with the URL’s search, and follows the URL when it changes (Back, a link)', async () => {
    await renderHome({ q: '東京' })
    expect(box()).toHaveValue('東京')
    expect(cardNames()).toEqual(['ETH東京'])
    // Back to an entry of the list searched for something else.
    fireEvent.click(screen.getByRole('button', { name: 'URL changes' }))
    expect(box()).toHaveValue('sao')
    await waitFor(() => expect(cardNames()).toEqual(['Meetup']))
  })

  it('says when nothing matches, and Show all events brings everything back', async () => {
    const onSearch = vi.fn()
    await renderHome({ q: 'nowhere', year: 2021 }, onSearch)
    expect(screen.getByRole('heading', { name: 'No events match “nowhere”' })).toBeInTheDocument()
    expect(cardNames()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Show all events' }))
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({
        q: undefined,
        year: undefined,
        when: undefined,
        country: undefined,
      }),
    )
    expect(box()).toHaveValue('')
    expect(cardNames()).toHaveLength(EVENTS.length)
    expect(screen.queryByTestId('no-match')).toBeNull()
  })

  it('says the filters found nothing when there is no search', async () => {
    await renderHome({ when: 'now', year: 2019 })
    expect(
      screen.getByRole('heading', { name: 'No events match these filters' }),
    ).toBeInTheDocument()
  })
})

describe('filtering the list', () => {
  it('offers each year, country and group with how many events it holds', async () => {
    await renderHome()
    // This year's two (or this year's and next year's) come first.
    expect(options('Year')[0]).toBe('All (6)')
    expect(options('Year').slice(-2)).toEqual(['2021 (2)', '2019 (2)'])
    expect(options('Show')).toEqual(['All (6)', 'Now and upcoming (2)', 'Past (4)'])
    expect(options('Country')).toEqual([
      'All (6)',
      'Brasil (1)',
      'Deutschland (1)',
      'Portugal (1)',
      'Schweiz (2)',
      '日本 (1)',
    ])
  })

  it('combines a filter with the search, each count following both', async () => {
    const onSearch = vi.fn()
    await renderHome({}, onSearch)
    fireEvent.change(select('Country'), { target: { value: 'Schweiz' } })
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ country: 'Schweiz' }))
    expect(cardNames()).toEqual(['Hackathon', 'Winter meetup'])
    fireEvent.change(select('Year'), { target: { value: '2019' } })
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ year: 2019 }))
    expect(cardNames()).toEqual(['Winter meetup'])
    expect(options('Show')).toEqual(['All (1)', 'Now and upcoming (0)', 'Past (1)'])
    fireEvent.change(box(), { target: { value: 'hack' } })
    await waitFor(() => expect(screen.getByTestId('no-match')).toBeInTheDocument())
    fireEvent.change(select('Year'), { target: { value: '' } })
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ year: undefined }))
    expect(cardNames()).toEqual(['Hackathon'])
  })

  it('shows a choice’s results at once, without waiting for the URL to take it', async () => {
    const write = vi.fn()
    // A URL that never changes: the router still busy with the navigation.
    await renderInRouter(
      <EventsHome onRefresh={() => {}} search={{}} onSearch={write} />,
      signedInStore([eventsMessage(EVENTS)]),
    )
    fireEvent.change(select('Year'), { target: { value: '2019' } })
    expect(cardNames()).toEqual(['Winter meetup', 'ETH東京'])
    expect(write).toHaveBeenCalledTimes(1)
    expect(write).toHaveBeenLastCalledWith(expect.objectContaining({ year: 2019, q: undefined }))
    // Typing then a choice: the choice takes the typed words with it, at once.
    fireEvent.change(box(), { target: { value: 'winter' } })
    fireEvent.change(select('Order'), { target: { value: 'oldest' } })
    expect(write).toHaveBeenLastCalledWith(
      expect.objectContaining({ year: 2019, q: 'winter', sort: 'oldest' }),
    )
    expect(cardNames()).toEqual(['Winter meetup'])
  })

  it('keeps a year or country the URL asks for that holds nothing, with its zero', async () => {
    await renderHome({ year: 2010, country: 'Atlantis' })
    expect(select('Year')).toHaveValue('2010')
    expect(options('Year')).toContain('2010 (0)')
    expect(select('Country')).toHaveValue('Atlantis')
    expect(options('Country')).toContain('Atlantis (0)')
  })

  it('takes a country written otherwise in the address as the events’ own', async () => {
    await renderHome({ country: 'SCHWEÏZ' })
    expect(cardNames()).toEqual(['Hackathon', 'Winter meetup'])
    expect(select('Country')).toHaveValue('Schweiz')
    expect(options('Country')).not.toContain('SCHWEÏZ (0)')
  })

  it('orders the past oldest first on request; now and upcoming stays nearest first', async () => {
    await renderHome({ sort: 'oldest' })
    expect(cardNames()).toEqual([
      'Card night',
      'Fair',
      'ETH東京',
      'Winter meetup',
      'Meetup',
      'Hackathon',
    ])
    fireEvent.change(select('Order'), { target: { value: 'newest' } })
    expect(cardNames()).toEqual([
      'Card night',
      'Fair',
      'Hackathon',
      'Meetup',
      'Winter meetup',
      'ETH東京',
    ])
  })
})

describe('time as holders think of it', () => {
  it('marks today’s event as happening now, first, and groups the past by year with counts', async () => {
    await renderHome()
    const now = screen.getByRole('region', { name: 'Now and upcoming' })
    const [first, second] = within(now).getAllByTestId('event-card')
    expect(first).toHaveTextContent('Happening now')
    expect(first).toHaveTextContent('Card night')
    expect(second).not.toHaveTextContent('Happening now')
    const past = screen.getByRole('region', { name: 'Past' })
    expect(
      within(past)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['2021 · 2 events', '2019 · 2 events'])
    expect(within(past).getAllByRole('heading', { level: 4 })).toHaveLength(4)
  })

  it('counts today’s events on the app’s badge, where the browser has one', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    const clearAppBadge = vi.fn(() => Promise.resolve())
    Object.assign(navigator, { setAppBadge, clearAppBadge })
    try {
      await renderHome({ q: 'nowhere' })
      // The badge counts the whole list, whatever the search shows.
      await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(1))
      expect(clearAppBadge).not.toHaveBeenCalled()
    } finally {
      Reflect.deleteProperty(navigator, 'setAppBadge')
      Reflect.deleteProperty(navigator, 'clearAppBadge')
    }
  })

  it('clears the badge when nothing happens today, and lives without the API', async () => {
    const clearAppBadge = vi.fn(() => Promise.reject(new Error('not installed')))
    Object.assign(navigator, { setAppBadge: vi.fn(), clearAppBadge })
    try {
      await renderInRouter(<Home initial={{}} />, signedInStore([eventsMessage(PAST)]))
      await waitFor(() => expect(clearAppBadge).toHaveBeenCalled())
    } finally {
      Reflect.deleteProperty(navigator, 'setAppBadge')
      Reflect.deleteProperty(navigator, 'clearAppBadge')
    }
    await act(async () => {
      await renderInRouter(<Home initial={{}} />, signedInStore([eventsMessage(EVENTS)]))
    })
    expect('setAppBadge' in navigator).toBe(false)
  })
})
