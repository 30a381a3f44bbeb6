import { StrictMode } from 'react'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PoapEvent } from '../../core/poap-event.ts'
import {
  PROTOCOL_VERSION as v,
  WORKER_MESSAGE,
  type StatusMessage,
  type WorkerMessage,
} from '../../core/protocol.ts'
import { parseRedirect } from '../../core/redirect.ts'
import { SIGNIN_MESSAGE } from '../../core/testing/messages.ts'
import { createAppStore, type AppStore } from '../../store/app-store.ts'
import { anonymousStore, signedInStore } from '../../store/app-store.test-support.ts'
import { AppStoreProvider } from '../../store/use-app-store.tsx'
import { TapPage } from './tap-page.tsx'
import { timing } from '../../config/timing.ts'
import type { NDEFReader, NDEFReadingEvent } from './web-nfc.ts'

const TAP = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const OTHER_TAP = '?uid=041E3C8A2D6B81&ctr=000007&cmac=4B00064004B0B3D4'

const OFFLINE_KEPT =
  "You're offline. This tap is saved on your phone and will be added to your events when you're back online."
const UNREACHABLE_KEPT =
  "We couldn't reach IYK Cards just now. This tap is saved on your phone and will be added to your events when the connection is back."

const event = (id: string, name = `Event ${id}`): PoapEvent => ({
  id,
  name,
  description: null,
  imageUrl: null,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-01-02T00:00:00.000Z',
  expiryDate: null,
  year: null,
  fancyId: null,
  city: null,
  country: null,
  eventUrl: null,
  status: 'active',
})

/** The list as the worker's cache gives it. */
const cached = (events: PoapEvent[]): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.events,
  events,
  fetchedAt: 1,
  source: 'cache',
})

const status = (
  refreshing: boolean,
  { online = true, pendingTaps = [] as string[] } = {},
): StatusMessage => ({
  v,
  type: WORKER_MESSAGE.status,
  online,
  refreshing,
  pendingTaps,
  wakeAt: null,
})

const listMessage = (events: PoapEvent[]): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.events,
  events,
  fetchedAt: 2,
  source: 'network',
})

/** Applies the host's messages in one go, as they would arrive together. */
const hostSays = (store: AppStore, ...messages: WorkerMessage[]) =>
  act(() => {
    for (const message of messages) store.getState().apply(message)
  })

function renderTap(
  store: AppStore,
  { search = TAP, onTap = vi.fn(), onOpenTap = vi.fn(), strict = false } = {},
) {
  // The page's links are the router's: a router at the tap's address, rendering only the page.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/tap' + search] }),
  })
  // A new function each render, as a parent that does not memoise would pass.
  const page = (query: string) => (
    <RouterContextProvider router={router}>
      <AppStoreProvider store={store}>
        <TapPage search={query} onTap={(tapped) => onTap(tapped)} onOpenTap={onOpenTap} />
      </AppStoreProvider>
    </RouterContextProvider>
  )
  const wrap = (query: string) => (strict ? <StrictMode>{page(query)}</StrictMode> : page(query))
  const view = render(wrap(search))
  return { ...view, rerenderWith: (query: string) => view.rerender(wrap(query)), onTap, onOpenTap }
}

afterEach(() => {
  vi.restoreAllMocks()
  delete window.NDEFReader
})

/** The device's network changes, as the session wiring tells the store (from the browser). */
function deviceGoes(store: AppStore, online: boolean) {
  act(() => store.getState().setDeviceOnline(online))
}

/** `store` on a device with no network, before anything renders. */
function offline(store: AppStore): AppStore {
  store.getState().setDeviceOnline(false)
  return store
}

describe('TapPage: the link', () => {
  it('folds the card data away for support, as plain text, and claims nothing about the card', () => {
    renderTap(anonymousStore())
    expect(screen.getByRole('heading', { level: 1, name: 'Card tap' })).toBeInTheDocument()
    const card = screen.getByTestId('tap-details')
    expect(card.tagName).toBe('DETAILS')
    expect(card).not.toHaveAttribute('open')
    expect(card).toHaveTextContent('Card details for support')
    expect(card).toHaveTextContent('Signed link (uid, ctr, cmac)')
    // Only the server can tell a genuine card: the page never says it recognised one.
    expect(document.body).not.toHaveTextContent(/recogni[sz]ed|verified|genuine/i)
    for (const [name, value] of [
      ['uid', '041E3C8A2D6B80'],
      ['ctr', '000006'],
      ['cmac', '4B00064004B0B3D3'],
    ] as const) {
      expect(screen.getByText(name).tagName).toBe('DT')
      expect(screen.getByText(value).tagName).toBe('CODE')
    }
    expect(card.querySelector('a, img, iframe, form')).toBeNull()
  })

  it.each([
    ['', 'It carries no card data.'],
    ['?uid=041E3C8A2D6B80&ctr=000006', '“cmac” is missing.'],
    ['?uid=041E3C8A2D6B80&ctr=00000G&cmac=4B00064004B0B3D3', '“ctr” is not a hexadecimal code.'],
    ['?p=0123&c=4B00064004B0B3D3', '“p” has the wrong length.'],
    ['?next=https://evil.example', 'It has a part cards never send: “next”.'],
  ])('explains that %j is not a valid tap, with a way home', (search, reason) => {
    const { onTap } = renderTap(signedInStore([cached([event('1')])]), { search })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent("This link isn't a valid card tap")
    expect(alert).toHaveTextContent(reason)
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    expect(screen.queryByTestId('tap-details')).toBeNull()
    expect(screen.queryByText('Refreshing your events…')).toBeNull()
    expect(onTap).not.toHaveBeenCalled()
  })
})

describe('TapPage: signed in', () => {
  it('hands the tap to the host and shows the refresh running, not saved, while it runs', () => {
    const store = signedInStore([cached([event('1')])])
    const { onTap } = renderTap(store)
    expect(onTap).toHaveBeenCalledExactlyOnceWith(TAP)
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    // The host keeps the tap from the start: that is not "saved for later" while it refreshes.
    hostSays(store, status(true, { pendingTaps: [TAP] }))
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    expect(screen.queryByTestId('tap-kept')).toBeNull()
    expect(screen.queryByText('Nothing new yet.')).toBeNull()
  })

  it('hands each tap over once, under StrictMode and through re-renders', () => {
    const store = signedInStore([cached([event('1')])])
    const { onTap, rerenderWith } = renderTap(store, { strict: true })
    expect(onTap).toHaveBeenCalledExactlyOnceWith(TAP)

    hostSays(store, status(true, { pendingTaps: [TAP] }))
    rerenderWith(TAP)
    hostSays(store, listMessage([event('1'), event('2')]), status(false))
    rerenderWith(TAP)
    expect(screen.getByTestId('tap-new-events')).toHaveTextContent('Event 2')
    expect(onTap).toHaveBeenCalledOnce()

    // Another card tapped while the page is open: that one is handed over too, once.
    rerenderWith(OTHER_TAP)
    expect(onTap).toHaveBeenCalledTimes(2)
    expect(onTap).toHaveBeenLastCalledWith(OTHER_TAP)
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    rerenderWith(OTHER_TAP)
    expect(onTap).toHaveBeenCalledTimes(2)
  })

  it('lists the events the refresh brought', async () => {
    const store = signedInStore([cached([event('1', 'Old one')])])
    renderTap(store)
    hostSays(
      store,
      status(true, { pendingTaps: [TAP] }),
      listMessage([event('1', 'Old one'), event('2', 'Berlin Meetup')]),
      status(false),
    )
    const list = await screen.findByTestId('tap-new-events')
    expect(list).toHaveTextContent('Berlin Meetup')
    expect(list).not.toHaveTextContent('Old one')
    expect(screen.getByText('New in your list:')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Berlin Meetup' })).toHaveAttribute('href', '/events/2')
    expect(screen.getByRole('link', { name: 'See all your events' })).toHaveAttribute('href', '/')
    expect(screen.queryByTestId('tap-kept')).toBeNull()
  })

  it('counts several new events', async () => {
    const store = signedInStore([cached([event('1')])])
    renderTap(store)
    hostSays(store, status(true), listMessage([event('3'), event('1'), event('2')]), status(false))
    expect(await screen.findByText('2 new in your list:')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Event 3',
      'Event 2',
    ])
  })

  it('says nothing is new when the list did not change', async () => {
    const store = signedInStore([cached([event('1')])])
    renderTap(store)
    hostSays(store, status(true))
    hostSays(store, status(false))
    expect(await screen.findByText('Nothing new yet.')).toBeInTheDocument()
    expect(screen.queryByTestId('tap-new-events')).toBeNull()
    expect(screen.queryByText('Refreshing your events…')).toBeNull()
  })

  it('shows a failed refresh under the result', async () => {
    const store = signedInStore([cached([event('1')])])
    renderTap(store)
    hostSays(
      store,
      status(true),
      { v, type: WORKER_MESSAGE.eventsError, message: 'Cannot reach the server.' },
      status(false),
    )
    expect(await screen.findByText('Nothing new yet.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Your list may not be up to date.',
    )
  })

  it('stops waiting when the host never answers (it skipped a refresh that just ran)', async () => {
    vi.useFakeTimers()
    try {
      renderTap(signedInStore([cached([event('1')])]))
      await act(() => vi.advanceTimersByTimeAsync(timing.tapRefreshTimeoutMs - 1))
      expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(1))
      expect(screen.getByText('Nothing new yet.')).toBeInTheDocument()
      expect(screen.queryByTestId('tap-kept')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for a first list still on its way before handing the tap over', () => {
    const store = createAppStore()
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: {
        signedIn: true,
        email: 'holder@example.com',
        phone: null,

        expiresAt: 9e12,
      },
      events: null,
      status: { online: true, refreshing: true, pendingTaps: [], wakeAt: null },
    })
    const { onTap } = renderTap(store)
    expect(onTap).not.toHaveBeenCalled()
    hostSays(store, listMessage([event('1')]), status(false))
    expect(onTap).toHaveBeenCalledExactlyOnceWith(TAP)
    // That first list is the baseline: its events are not new.
    hostSays(store, status(true))
    hostSays(store, status(false))
    expect(screen.getByText('Nothing new yet.')).toBeInTheDocument()
  })

  it('a refresh already under way when the tap came: waits for the one that settles the tap', async () => {
    vi.useFakeTimers()
    try {
      const store = signedInStore([cached([event('1', 'Old one')])])
      // The page opened from the card while the load's refresh was fetching the list.
      hostSays(store, status(true))
      renderTap(store)
      hostSays(store, status(true, { pendingTaps: [TAP] }))
      await act(() => vi.advanceTimersByTimeAsync(timing.tapRefreshTimeoutMs - 1))
      // That refresh ends well, with the tap still kept: the host runs the tap's own next.
      hostSays(store, listMessage([event('1', 'Old one')]), status(false, { pendingTaps: [TAP] }))
      expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
      expect(screen.queryByTestId('tap-kept')).toBeNull()
      // The wait for it has a full deadline of its own.
      await act(() => vi.advanceTimersByTimeAsync(1000))
      hostSays(store, status(true, { pendingTaps: [TAP] }))
      await act(() => vi.advanceTimersByTimeAsync(timing.tapRefreshTimeoutMs - 1001))
      expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
      hostSays(
        store,
        listMessage([event('1', 'Old one'), event('2', 'Berlin Meetup')]),
        status(false),
      )
      expect(screen.getByTestId('tap-new-events')).toHaveTextContent('Berlin Meetup')
      expect(screen.queryByTestId('tap-kept')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('is not "saved" when only another tap is still pending', () => {
    const store = signedInStore([cached([event('1')])])
    renderTap(store)
    hostSays(store, status(true, { pendingTaps: [OTHER_TAP, TAP] }))
    hostSays(store, status(false, { online: false, pendingTaps: [OTHER_TAP] }))
    expect(screen.getByText('Nothing new yet.')).toBeInTheDocument()
    expect(screen.queryByTestId('tap-kept')).toBeNull()
  })
})

describe('TapPage: a tap kept for later', () => {
  it.each([
    ['offline', false, OFFLINE_KEPT],
    ['online, but the service is unreachable', true, UNREACHABLE_KEPT],
  ])('says the tap is saved when the device is %s', (_case, online, text) => {
    const store = signedInStore([cached([event('1')])])
    store.getState().setDeviceOnline(online)
    const { onTap } = renderTap(store)
    // Handed over even offline: the host keeps it.
    expect(onTap).toHaveBeenCalledExactlyOnceWith(TAP)
    hostSays(store, status(true, { pendingTaps: [TAP] }))
    hostSays(store, status(false, { online: false, pendingTaps: [TAP] }))
    const kept = screen.getByTestId('tap-kept')
    expect(kept).toHaveRole('status')
    expect(within(kept).getByRole('heading', { name: 'Tap saved' })).toBeInTheDocument()
    expect(kept).toHaveTextContent(text)
    expect(kept).toHaveTextContent('You can close the app: nothing more to do.')
    expect(screen.queryByText('Refreshing your events…')).toBeNull()
    expect(screen.queryByText('Nothing new yet.')).toBeNull()
  })

  it('follows the device going on and off line', () => {
    const store = signedInStore([cached([event('1')])])
    renderTap(store)
    hostSays(store, status(true, { pendingTaps: [TAP] }))
    hostSays(store, status(false, { online: false, pendingTaps: [TAP] }))
    expect(screen.getByTestId('tap-kept')).toHaveTextContent(UNREACHABLE_KEPT)
    deviceGoes(store, false)
    expect(screen.getByTestId('tap-kept')).toHaveTextContent(OFFLINE_KEPT)
    deviceGoes(store, true)
    expect(screen.getByTestId('tap-kept')).toHaveTextContent(UNREACHABLE_KEPT)
  })

  it('shows the events a kept tap brings once the host settles it later', () => {
    const store = offline(signedInStore([cached([event('1', 'Old one')])]))
    renderTap(store)
    hostSays(store, status(true, { pendingTaps: [TAP] }))
    hostSays(store, status(false, { online: false, pendingTaps: [TAP] }))
    expect(screen.getByTestId('tap-kept')).toBeInTheDocument()

    // Back online, the host retries and settles the tap: its new event shows here.
    deviceGoes(store, true)
    hostSays(store, status(true, { pendingTaps: [TAP] }))
    expect(screen.getByTestId('tap-kept')).toBeInTheDocument()
    hostSays(
      store,
      listMessage([event('1', 'Old one'), event('2', 'Berlin Meetup')]),
      status(false),
    )
    expect(screen.queryByTestId('tap-kept')).toBeNull()
    const list = screen.getByTestId('tap-new-events')
    expect(list).toHaveTextContent('Berlin Meetup')
    expect(list).not.toHaveTextContent('Old one')
  })

  it('shows the saved card when the wait times out with the tap still pending', async () => {
    vi.useFakeTimers()
    try {
      const store = signedInStore([cached([event('1')])])
      renderTap(store)
      // The host took the tap and started; then it was stopped mid-call and never said more.
      hostSays(store, status(true, { pendingTaps: [TAP] }))
      await act(() => vi.advanceTimersByTimeAsync(timing.tapRefreshTimeoutMs - 1))
      expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
      expect(screen.queryByTestId('tap-kept')).toBeNull()
      await act(() => vi.advanceTimersByTimeAsync(1))
      expect(screen.getByTestId('tap-kept')).toHaveTextContent(UNREACHABLE_KEPT)
      expect(screen.queryByText('Refreshing your events…')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('TapPage: anonymous', () => {
  it('offers sign-in that returns to this very tap', () => {
    const { onTap } = renderTap(anonymousStore())
    const link = screen.getByRole('link', { name: 'Sign in to collect' })
    const href = link.getAttribute('href') ?? ''
    expect(href).toBe(`/auth/email?redirect=${encodeURIComponent('/tap' + TAP)}`)
    const redirect = new URL(href, 'http://localhost').searchParams.get('redirect')
    expect(parseRedirect(redirect)).toBe('/tap' + TAP)
    expect(screen.queryByText(/You are offline/)).toBeNull()
    expect(screen.queryByText('Refreshing your events…')).toBeNull()
    expect(onTap).not.toHaveBeenCalled()
  })

  it('offline: asks to sign in once back online, and drops that once the device is', () => {
    const store = offline(anonymousStore())
    const { onTap } = renderTap(store)
    expect(
      screen.getByText('You are offline: sign in once you are back online.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in to collect' })).toBeInTheDocument()
    expect(screen.queryByTestId('tap-kept')).toBeNull()
    deviceGoes(store, true)
    expect(screen.queryByText(/You are offline/)).toBeNull()
    expect(onTap).not.toHaveBeenCalled()
  })

  it('shows nothing to do until the session is known', () => {
    const { onTap } = renderTap(createAppStore())
    expect(screen.getByTestId('tap-details')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in to collect' })).toBeNull()
    expect(screen.queryByText('Refreshing your events…')).toBeNull()
    expect(onTap).not.toHaveBeenCalled()
  })

  it('hands the tap over once the holder signs in (in another tab)', () => {
    const store = anonymousStore()
    const { onTap } = renderTap(store)
    hostSays(store, SIGNIN_MESSAGE)
    expect(onTap).toHaveBeenCalledExactlyOnceWith(TAP)
    expect(screen.queryByRole('link', { name: 'Sign in to collect' })).toBeNull()
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
  })
})

/** A stand-in for Chrome's NDEFReader: the last one built, with the scan's signal. */
class FakeReader implements NDEFReader {
  static last: FakeReader | null = null
  static failWith: Error | null = null
  onreading: ((event: NDEFReadingEvent) => void) | null = null
  onreadingerror: ((event: Event) => void) | null = null
  signal: AbortSignal | undefined
  constructor() {
    FakeReader.last = this
  }
  scan(options?: { signal?: AbortSignal }) {
    this.signal = options?.signal
    return FakeReader.failWith ? Promise.reject(FakeReader.failWith) : Promise.resolve()
  }
  read(url: string, recordType = 'url') {
    const data = new DataView(new TextEncoder().encode(url).buffer)
    const reading = { message: { records: [{ recordType: 'mime' }, { recordType, data }] } }
    this.onreading?.(reading as unknown as NDEFReadingEvent)
  }
}

describe('TapPage: Scan card', () => {
  beforeEach(() => {
    FakeReader.last = null
    FakeReader.failWith = null
    window.NDEFReader = FakeReader
  })

  it('is absent where the browser has no Web NFC', () => {
    delete window.NDEFReader
    renderTap(anonymousStore())
    expect(screen.queryByRole('button', { name: 'Scan card' })).toBeNull()
  })

  it('reads the card link and opens its tap', async () => {
    const { onOpenTap } = renderTap(anonymousStore(), { search: '' })
    fireEvent.click(screen.getByRole('button', { name: 'Scan card' }))
    expect(await screen.findByText('Hold your card against the back of your phone…')).toBeVisible()
    const reader = FakeReader.last
    expect(reader?.signal?.aborted).toBe(false)
    act(() =>
      reader?.read(
        `${window.location.origin}/tap?p=0123456789ABCDEF0123456789ABCDEF&c=4B00064004B0B3D3`,
      ),
    )
    expect(onOpenTap).toHaveBeenCalledWith('?p=0123456789ABCDEF0123456789ABCDEF&c=4B00064004B0B3D3')
    expect(reader?.signal?.aborted).toBe(true)
    expect(screen.getByRole('button', { name: 'Scan card' })).toBeVisible()
  })

  it('refuses a card that links to another site', async () => {
    const { onOpenTap } = renderTap(anonymousStore())
    fireEvent.click(screen.getByRole('button', { name: 'Scan card' }))
    await screen.findByRole('button', { name: 'Stop scanning' })
    act(() => FakeReader.last?.read('https://evil.example/tap?uid=041E3C8A2D6B80'))
    expect(screen.getByRole('alert')).toHaveTextContent('links somewhere else')
    expect(onOpenTap).not.toHaveBeenCalled()
  })

  it.each([
    ['NotAllowedError', 'NFC permission was refused'],
    ['NotSupportedError', 'no NFC reader'],
    ['NotReadableError', 'NFC is off or unavailable'],
    ['SecurityError', 'Scanning did not start'],
  ])('explains %s', async (name, message) => {
    FakeReader.failWith = new DOMException('nope', name)
    renderTap(anonymousStore())
    fireEvent.click(screen.getByRole('button', { name: 'Scan card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('button', { name: 'Scan card' })).toBeEnabled()
  })

  it('stops scanning when asked and when the page goes away', async () => {
    const { unmount } = renderTap(anonymousStore())
    fireEvent.click(screen.getByRole('button', { name: 'Scan card' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Stop scanning' }))
    expect(FakeReader.last?.signal?.aborted).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Scan card' }))
    await screen.findByRole('button', { name: 'Stop scanning' })
    const second = FakeReader.last
    expect(second?.signal?.aborted).toBe(false)
    unmount()
    expect(second?.signal?.aborted).toBe(true)
  })
})
