import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PoapEvent } from '../../core/poap-event.ts'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE } from '../../core/protocol.ts'
import { parseRedirect } from '../../core/redirect.ts'
import type { PendingTapStore } from '../../lib/pending-tap.ts'
import { createAppStore, type AppStore } from '../../store/app-store.ts'
import { AppStoreProvider } from '../../store/use-app-store.tsx'
import { TapPage } from './tap-page.tsx'
import { TAP_REFRESH_TIMEOUT_MS } from './use-tap-refresh.ts'
import type { NDEFReader, NDEFReadingEvent } from './web-nfc.ts'

const TAP = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

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

function signedInStore(events: PoapEvent[] | null = [event('1')], online = true): AppStore {
  const store = createAppStore()
  store.getState().apply({
    v,
    type: WORKER_MESSAGE.snapshot,
    auth: { signedIn: true, email: 'holder@example.com', jwt: 'eyJ.a.b', expiresAt: 9e12 },
    events: events && { events, fetchedAt: 1, source: 'cache' },
    status: { online, refreshing: false },
  })
  return store
}

function anonymousStore(): AppStore {
  const store = createAppStore()
  store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
  return store
}

const status = (refreshing: boolean, online = true) =>
  ({ v, type: WORKER_MESSAGE.status, online, refreshing }) as const

function fakePending(): PendingTapStore & {
  [K in keyof PendingTapStore]: ReturnType<typeof vi.fn>
} {
  return {
    read: vi.fn(() => Promise.resolve(null)),
    save: vi.fn(() => Promise.resolve()),
    clear: vi.fn(() => Promise.resolve()),
  }
}

function renderTap(
  store: AppStore,
  { search = TAP, onRefresh = vi.fn(), onOpenTap = vi.fn(), pendingTaps = fakePending() } = {},
) {
  const view = render(
    <AppStoreProvider store={store}>
      <TapPage
        search={search}
        onRefresh={onRefresh}
        onOpenTap={onOpenTap}
        pendingTaps={pendingTaps}
      />
    </AppStoreProvider>,
  )
  return { ...view, onRefresh, onOpenTap, pendingTaps }
}

let browserOnline = true
beforeEach(() => {
  browserOnline = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline)
})
afterEach(() => {
  vi.restoreAllMocks()
  delete window.NDEFReader
})

describe('TapPage: the link', () => {
  it('recognises a valid tap and shows its parameters as plain text', () => {
    renderTap(anonymousStore())
    expect(screen.getByRole('heading', { level: 1, name: 'Card tap' })).toBeInTheDocument()
    const card = screen.getByTestId('tap-recognised')
    expect(card).toHaveTextContent('Card recognised')
    expect(card).toHaveTextContent('Signed (uid + ctr + cmac)')
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
    const { onRefresh, pendingTaps } = renderTap(signedInStore(), { search })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent("This link isn't a valid card tap")
    expect(alert).toHaveTextContent(reason)
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    expect(screen.queryByText('Card recognised')).toBeNull()
    expect(onRefresh).not.toHaveBeenCalled()
    expect(pendingTaps.save).not.toHaveBeenCalled()
  })
})

describe('TapPage: signed in', () => {
  it('asks for one refresh and shows it running while the host refreshes', async () => {
    const store = signedInStore()
    const { onRefresh } = renderTap(store)
    expect(onRefresh).toHaveBeenCalledOnce()
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    act(() => store.getState().apply(status(true)))
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    expect(screen.queryByText('Nothing new yet.')).toBeNull()
  })

  it('lists the events the refresh brought', async () => {
    const store = signedInStore([event('1', 'Old one')])
    const { pendingTaps } = renderTap(store)
    act(() => {
      store.getState().apply(status(true))
      store.getState().apply({
        v,
        type: WORKER_MESSAGE.events,
        events: [event('1', 'Old one'), event('2', 'Berlin Meetup')],
        fetchedAt: 2,
        source: 'network',
      })
      store.getState().apply(status(false))
    })
    const list = await screen.findByTestId('tap-new-events')
    expect(list).toHaveTextContent('Berlin Meetup')
    expect(list).not.toHaveTextContent('Old one')
    expect(screen.getByRole('link', { name: 'Berlin Meetup' })).toHaveAttribute('href', '/events/2')
    expect(screen.getByRole('link', { name: 'See all your events' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(pendingTaps.clear).toHaveBeenCalled())
  })

  it('says nothing is new when the list did not change', async () => {
    const store = signedInStore([event('1')])
    renderTap(store)
    act(() => store.getState().apply(status(true)))
    act(() => store.getState().apply(status(false)))
    expect(await screen.findByText('Nothing new yet.')).toBeInTheDocument()
    expect(screen.queryByTestId('tap-new-events')).toBeNull()
  })

  it('shows a failed refresh under the result', async () => {
    const store = signedInStore([event('1')])
    renderTap(store)
    act(() => {
      store.getState().apply(status(true))
      store
        .getState()
        .apply({ v, type: WORKER_MESSAGE.eventsError, message: 'Cannot reach the server.' })
      store.getState().apply(status(false))
    })
    expect(await screen.findByText('Nothing new yet.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server.')
  })

  it('stops waiting when the host never answers (it skipped a refresh that just ran)', async () => {
    vi.useFakeTimers()
    try {
      renderTap(signedInStore([event('1')]))
      expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
      await act(() => vi.advanceTimersByTimeAsync(TAP_REFRESH_TIMEOUT_MS))
      expect(screen.getByText('Nothing new yet.')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for a first list still on its way before asking', () => {
    const store = createAppStore()
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: true, email: 'holder@example.com', jwt: 'eyJ.a.b', expiresAt: 9e12 },
      events: null,
      status: { online: true, refreshing: true },
    })
    const { onRefresh } = renderTap(store)
    expect(onRefresh).not.toHaveBeenCalled()
    act(() => {
      store.getState().apply({
        v,
        type: WORKER_MESSAGE.events,
        events: [event('1')],
        fetchedAt: 2,
        source: 'network',
      })
      store.getState().apply(status(false))
    })
    expect(onRefresh).toHaveBeenCalledOnce()
  })
})

describe('TapPage: anonymous', () => {
  it('offers sign-in that returns to this very tap', () => {
    const { onRefresh } = renderTap(anonymousStore())
    const link = screen.getByRole('link', { name: 'Sign in to collect' })
    const href = link.getAttribute('href') ?? ''
    expect(href).toBe(`/auth/email?redirect=${encodeURIComponent('/tap' + TAP)}`)
    const redirect = new URL(href, 'http://localhost').searchParams.get('redirect')
    expect(parseRedirect(redirect)).toBe('/tap' + TAP)
    expect(onRefresh).not.toHaveBeenCalled()
  })

  it('shows nothing to do until the session is known', () => {
    const { onRefresh } = renderTap(createAppStore())
    expect(screen.getByText('Card recognised')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in to collect' })).toBeNull()
    expect(onRefresh).not.toHaveBeenCalled()
  })
})

describe('TapPage: offline', () => {
  it('keeps the tap and says so, then refreshes and forgets it when back online', async () => {
    browserOnline = false
    const store = signedInStore([event('1')])
    const { onRefresh, pendingTaps } = renderTap(store)
    expect(await screen.findByText("Saved. We'll refresh when you're back online.")).toBeVisible()
    expect(pendingTaps.save).toHaveBeenCalledWith({ query: TAP, savedAt: expect.any(Number) })
    expect(onRefresh).not.toHaveBeenCalled()

    browserOnline = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(onRefresh).toHaveBeenCalledOnce()
    // The host still thinks it is offline while it tries again: that is not "saved" again.
    act(() => store.getState().apply(status(true, false)))
    expect(screen.getByText('Refreshing your events…')).toBeInTheDocument()
    act(() => store.getState().apply(status(false)))
    await screen.findByText('Nothing new yet.')
    await waitFor(() => expect(pendingTaps.clear).toHaveBeenCalledOnce())
    expect(onRefresh).toHaveBeenCalledOnce()
    expect(pendingTaps.save).toHaveBeenCalledOnce()

    // Offline again afterwards: the result stands and nothing is kept again.
    browserOnline = false
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    expect(screen.getByText('Nothing new yet.')).toBeInTheDocument()
    expect(pendingTaps.save).toHaveBeenCalledOnce()
  })

  it('counts the host being offline as offline', async () => {
    const { pendingTaps } = renderTap(signedInStore([event('1')], false))
    expect(await screen.findByText("Saved. We'll refresh when you're back online.")).toBeVisible()
    expect(pendingTaps.save).toHaveBeenCalledOnce()
  })

  it('says when the tap could not be kept', async () => {
    browserOnline = false
    const pendingTaps = fakePending()
    pendingTaps.save.mockImplementation(() => Promise.reject(new Error('quota')))
    renderTap(anonymousStore(), { pendingTaps })
    expect(await screen.findByText(/could not be kept on this device/)).toBeVisible()
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
