import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EventsHome } from './events-home.tsx'
import {
  eventsErrorMessage,
  eventsMessage,
  makeEvent,
  renderInRouter,
  statusMessage,
} from './render-in-router.test-support.tsx'
import { activateLocale } from '../../shared/i18n.ts'
import { signedInStore } from '../../store/app-store.test-support.ts'
import type { AppStore } from '../../store/app-store.ts'

/**
 * A range of calendar days as the screens show all-day dates (in the test's locale), its spaces
 * made plain as the matcher reads the page's.
 */
const utcDays = (from: number, to: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .formatRange(from, to)
    .replace(/\s+/g, ' ')

const TAP = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const OTHER_TAP = '?uid=041E3C8A2D6B81&ctr=000007&cmac=4B00064004B0B3D4'

afterEach(() => vi.restoreAllMocks())

/** The device's network changes, as the session wiring tells the store (from the browser). */
function deviceGoes(store: AppStore, online: boolean) {
  act(() => store.getState().setDeviceOnline(online))
}

/** A signed-in store whose device has no network. */
function offlineStore(messages: Parameters<typeof signedInStore>[0]): AppStore {
  const store = signedInStore(messages)
  store.getState().setDeviceOnline(false)
  return store
}

const renderHome = (store = signedInStore(), onRefresh = vi.fn()) =>
  renderInRouter(<EventsHome onRefresh={onRefresh} search={{}} onSearch={vi.fn()} />, store)

/** The names on a group's cards, in order (h3 under the group, h4 under a year's heading). */
const names = (group: string) =>
  within(screen.getByRole('region', { name: group }))
    .getAllByTestId('event-card')
    .map((card) => within(card).getByRole('heading').textContent)

/** Each card of a group as its name and the word on its status badge. */
const statuses = (group: string) =>
  within(screen.getByRole('region', { name: group }))
    .getAllByRole('link')
    .map(
      (card) =>
        `${within(card).getByRole('heading').textContent}: ${card.querySelector('.badge')?.textContent}`,
    )

const ACTIVE = [
  makeEvent({ id: 'later', name: 'Later', status: 'future', startDate: '2026-05-01T10:00:00Z' }),
  makeEvent({ id: 'now', name: 'Now', status: 'active', startDate: '2026-03-01T10:00:00Z' }),
  makeEvent({
    id: 'soon',
    name: 'Soon',
    status: 'pending-approval',
    startDate: '2026-04-01T10:00:00Z',
  }),
]
const PAST = [
  makeEvent({ id: 'old', name: 'Old', status: 'expired', endDate: '2025-01-01T10:00:00Z' }),
  makeEvent({ id: 'recent', name: 'Recent', status: 'rejected', endDate: '2025-06-01T10:00:00Z' }),
]

describe('EventsHome', () => {
  it('shows a skeleton while the first list is on its way', async () => {
    await renderHome()
    expect(screen.getByRole('status', { name: 'Loading your events' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
    expect(screen.queryByRole('heading', { name: 'No events yet' })).toBeNull()
  })

  it('explains how to get events when the list is empty', async () => {
    await renderHome(signedInStore([eventsMessage([])]))
    expect(screen.getByRole('heading', { name: 'No events yet' })).toBeInTheDocument()
    expect(screen.getByText(/hold your card to the back of your phone/i)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Now and upcoming' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Past' })).toBeNull()
    expect(screen.queryByRole('status', { name: 'Loading your events' })).toBeNull()
  })

  it('shows only the active group, soonest first', async () => {
    await renderHome(signedInStore([eventsMessage(ACTIVE)]))
    expect(names('Now and upcoming')).toEqual(['Now', 'Soon', 'Later'])
    expect(screen.queryByRole('region', { name: 'Past' })).toBeNull()
  })

  it('shows only the past group, most recent first', async () => {
    await renderHome(signedInStore([eventsMessage(PAST)]))
    expect(names('Past')).toEqual(['Recent', 'Old'])
    expect(screen.queryByRole('region', { name: 'Now and upcoming' })).toBeNull()
  })

  it('shows both groups with each card’s status in words, dates, place and link', async () => {
    await renderHome(signedInStore([eventsMessage([...PAST, ...ACTIVE])]))
    expect(names('Now and upcoming')).toEqual(['Now', 'Soon', 'Later'])
    expect(names('Past')).toEqual(['Recent', 'Old'])
    const card = screen.getByRole('link', { name: /Soon/ })
    expect(card).toHaveAttribute('href', '/events/soon')
    expect(within(card).getByText('Lisbon, Portugal')).toBeInTheDocument()
    // Outside text takes its own direction: a right-to-left name would reorder nothing around it.
    expect(within(card).getByRole('heading', { name: 'Soon' })).toHaveAttribute('dir', 'auto')
    expect(within(card).getByText('Lisbon, Portugal')).toHaveAttribute('dir', 'auto')
    expect(within(card).getByText(/2026/)).toBeInTheDocument()
    expect(statuses('Now and upcoming')).toEqual([
      'Now: Active',
      'Soon: Pending approval',
      'Later: Upcoming',
    ])
    expect(statuses('Past')).toEqual(['Recent: Rejected', 'Old: Ended'])
  })

  it('sizes and lazy-loads images, and shows a placeholder when one fails', async () => {
    const { container } = await renderHome(
      signedInStore([eventsMessage([makeEvent({ id: 'a', name: 'Alpha' })])]),
    )
    const image = container.querySelector('img')
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(image).toHaveAttribute('width', '96')
    expect(image).toHaveAttribute('height', '96')
    fireEvent.error(image as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    const fallback = screen.getByTestId('event-image-fallback')
    expect(fallback.textContent).toBe('')
    expect(fallback.querySelector('svg')).not.toBeNull()
  })

  it('uses the placeholder for a missing or non-web image address', async () => {
    const { container } = await renderHome(
      signedInStore([
        eventsMessage([
          makeEvent({ id: 'a', imageUrl: null }),
          makeEvent({ id: 'b', imageUrl: 'javascript:alert(1)' }),
        ]),
      ]),
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getAllByTestId('event-image-fallback')).toHaveLength(2)
  })

  it('says when it was updated, and refreshes on request', async () => {
    const onRefresh = vi.fn()
    await renderHome(
      signedInStore([eventsMessage([makeEvent({ id: 'a' })], Date.now() - 5 * 60_000)]),
      onRefresh,
    )
    expect(screen.getByTestId('events-age')).toHaveTextContent('Updated 5 minutes ago')
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    expect(onRefresh).toHaveBeenCalledOnce()
  })

  it('shows Refreshing… while a refresh runs', async () => {
    await renderHome(signedInStore([eventsMessage([]), statusMessage(true, true)]))
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeDisabled()
  })

  it("writes ages and dates in the app's language, not the browser's", async () => {
    await activateLocale('de')
    const event = makeEvent({
      id: 'a',
      name: 'Alpha',
      startDate: '2022-09-16',
      endDate: '2022-09-18',
    })
    await renderHome(signedInStore([eventsMessage([event], Date.now() - 5 * 60_000)]))
    expect(screen.getByTestId('events-age')).toHaveTextContent('vor 5 Minuten')
    expect(screen.getByRole('link', { name: /Alpha/ })).toHaveTextContent(
      utcDays(Date.UTC(2022, 8, 16), Date.UTC(2022, 8, 18), 'de'),
    )
  })

  it('marks the cached list as offline with its age', async () => {
    await renderHome(
      offlineStore([eventsMessage([makeEvent({ id: 'a' })], Date.now()), statusMessage(false)]),
    )
    expect(screen.getByTestId('events-age')).toHaveTextContent(/^Offline\s+updated now$/)
    expect(screen.getByRole('region', { name: 'Now and upcoming' })).toBeInTheDocument()
  })

  it('tells a service it cannot reach from being offline, as the device changes', async () => {
    const store = signedInStore([
      eventsMessage([makeEvent({ id: 'a' })], Date.now()),
      statusMessage(false),
    ])
    await renderHome(store)
    const age = screen.getByTestId('events-age')
    expect(age).toHaveTextContent(/^Can’t reach IYK Cards\s+updated now$/)
    deviceGoes(store, false)
    expect(age).toHaveTextContent(/^Offline\s+updated now$/)
    // Back online, the service counts as reached until the host's next call says otherwise.
    deviceGoes(store, true)
    expect(age).toHaveTextContent(/^Updated now$/)
    act(() => store.getState().apply(statusMessage(false)))
    expect(age).toHaveTextContent(/^Can’t reach IYK Cards\s+updated now$/)
  })

  it('announces the connection state, never the age ticking on', async () => {
    await renderHome(
      signedInStore([eventsMessage([makeEvent({ id: 'a' })], Date.now()), statusMessage(false)]),
    )
    const live = screen.getByTestId('events-age').querySelectorAll('[aria-live]')
    expect(live).toHaveLength(1)
    expect(live[0]).toHaveTextContent(/^Can’t reach IYK Cards$/)
    expect(screen.getByTestId('events-age').closest('[aria-live]')).toBeNull()
  })

  it('shows no badge while the host reaches the service', async () => {
    await renderHome(
      signedInStore([eventsMessage([makeEvent({ id: 'a' })], Date.now()), statusMessage(true)]),
    )
    expect(screen.getByTestId('events-age')).toHaveTextContent(/^Updated now$/)
    expect(screen.getByTestId('events-age').querySelector('.badge')).toBeNull()
  })

  it('offline with no list: says so instead of a skeleton', async () => {
    await renderHome(offlineStore([statusMessage(false)]))
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument()
    expect(
      screen.getByText('Your events will appear here when you are back online.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading your events' })).toBeNull()
  })

  it('service unreachable with no list: says so, not that the device is offline', async () => {
    await renderHome(signedInStore([statusMessage(false)]))
    expect(screen.getByRole('heading', { name: 'Can’t reach IYK Cards' })).toBeInTheDocument()
    expect(
      screen.getByText('Your events will appear here once the connection works again.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull()
    expect(screen.queryByRole('status', { name: 'Loading your events' })).toBeNull()
  })

  it('says one card tap is saved for later', async () => {
    await renderHome(signedInStore([eventsMessage([]), statusMessage(false, false, [TAP])]))
    expect(screen.getByTestId('pending-taps')).toHaveTextContent(
      /^1 card tap is saved and will be added when the connection is back\.$/,
    )
  })

  it('counts several card taps saved for later, and drops the line once they are added', async () => {
    const store = signedInStore([eventsMessage([]), statusMessage(false, false, [TAP, OTHER_TAP])])
    await renderHome(store)
    expect(screen.getByTestId('pending-taps')).toHaveTextContent(
      /^2 card taps are saved and will be added when the connection is back\.$/,
    )
    act(() => store.getState().apply(statusMessage(true)))
    expect(screen.queryByTestId('pending-taps')).toBeNull()
  })

  it('says nothing of saved taps when there are none', async () => {
    await renderHome(signedInStore([eventsMessage([]), statusMessage(false)]))
    expect(screen.queryByTestId('pending-taps')).toBeNull()
    expect(screen.queryByText(/card taps? (is|are) saved/)).toBeNull()
  })

  it('shows a failed fetch over the last list', async () => {
    await renderHome(
      signedInStore([
        eventsMessage([makeEvent({ id: 'a' })]),
        eventsErrorMessage('The cards service is down.'),
      ]),
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The cards service is down. Showing the last list.',
    )
    expect(screen.getByRole('region', { name: 'Now and upcoming' })).toBeInTheDocument()
  })

  it('shows a POAP event as it is: all-day dates, no place, no status badge when none', async () => {
    const poap = makeEvent({
      id: '70020',
      name: 'ETHGlobal 2022',
      startDate: '2022-09-16',
      endDate: '2022-09-18',
      city: null,
      country: null,
      status: null,
    })
    await renderHome(signedInStore([eventsMessage([poap])]))
    const card = screen.getByRole('link', { name: /ETHGlobal 2022/ })
    expect(card).toHaveTextContent(utcDays(Date.UTC(2022, 8, 16), Date.UTC(2022, 8, 18)))
    // Dates only: no line for the place.
    expect(card.querySelectorAll('p')).toHaveLength(1)
    expect(card.querySelector('.badge')).toBeNull()
    // Without a status, its dates put it in the past.
    expect(names('Past')).toEqual(['ETHGlobal 2022'])
  })

  it('shows an unknown status neutrally, grouped by its dates', async () => {
    const list = [
      makeEvent({ id: 'old', name: 'Old claim', status: 'claimed', endDate: '2020-01-01' }),
      makeEvent({
        id: 'new',
        name: 'New hold',
        status: 'on-hold',
        startDate: '2999-01-01',
        endDate: '2999-01-02',
      }),
    ]
    await renderHome(signedInStore([eventsMessage(list)]))
    expect(names('Past')).toEqual(['Old claim'])
    expect(names('Now and upcoming')).toEqual(['New hold'])
    expect(screen.getByText('Claimed')).toHaveClass('badge', 'badge--other')
    expect(screen.getByText('On hold')).toHaveClass('badge', 'badge--other')
  })

  it('says when dates are unknown, and lists undated events last', async () => {
    const list = [
      makeEvent({ id: 'u', name: 'Undated', startDate: null, endDate: null }),
      makeEvent({ id: 'y', name: 'Year only', startDate: null, endDate: null, year: 2027 }),
      makeEvent({ id: 'd', name: 'Dated', startDate: '2999-01-01', endDate: '2999-01-02' }),
    ]
    await renderHome(signedInStore([eventsMessage(list)]))
    expect(names('Now and upcoming')).toEqual(['Dated', 'Undated', 'Year only'])
    expect(screen.getByRole('link', { name: /Undated/ })).toHaveTextContent('Date to be announced')
    expect(screen.getByRole('link', { name: /Year only/ })).toHaveTextContent('2027')
  })

  it('shows a failed first fetch with what to do', async () => {
    await renderHome(signedInStore([eventsErrorMessage('The cards service is down.')]))
    expect(screen.getByRole('alert')).toHaveTextContent('Try Refresh in a moment.')
    expect(screen.queryByRole('status', { name: 'Loading your events' })).toBeNull()
  })
})
