/**
 * The session glue: host messages into the store, the spec's marker rules, leaving protected pages,
 * the browser's wakes for pending taps and periodic refresh, and taps handed to the host.
 */
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import {
  PROTOCOL_VERSION as v,
  WORKER_MESSAGE,
  type StatusMessage,
  type WorkerMessage,
} from '../core/protocol.ts'
import { SIGNIN_MESSAGE } from '../core/testing/messages.ts'
import { keepReturnTarget, RETURN_TARGET_KEY } from '../features/auth/return-target.ts'
import type { SessionClient, SessionMode } from '../session/session-client.ts'
import { createAppStore, selectReachability, type AppStore } from '../store/app-store.ts'
import { startSession } from './session-wiring.ts'

const connection = vi.hoisted(() => ({ mode: 'page' as SessionMode }))
const tap = vi.hoisted(() => vi.fn())
const requestTapSync = vi.hoisted(() => vi.fn(() => Promise.resolve(true)))
const keepPeriodicRefresh = vi.hoisted(() => vi.fn(() => Promise.resolve()))
const reportReceived = vi.hoisted(() => vi.fn())
const hello = vi.hoisted(() => vi.fn())
const reportError = vi.hoisted(() => vi.fn())
const setReportSecrets = vi.hoisted(() => vi.fn())
/** The fake host's subscribers: `deliver` hands a message to each. */
const listeners = new Set<(message: WorkerMessage) => void>()
const deliver = (message: WorkerMessage) => {
  for (const listener of [...listeners]) listener(message)
}

vi.mock('../session/connect-session.ts', () => ({
  connectSession: () => {
    const client: Partial<SessionClient> = {
      mode: connection.mode,
      subscribe(listener) {
        // Each subscription its own entry, so one removed leaves any other of the same function.
        const entry = (message: WorkerMessage) => listener(message)
        listeners.add(entry)
        return () => listeners.delete(entry)
      },
      hello,
      reportReceived,
      tap,
    }
    return Promise.resolve(client)
  },
}))
vi.mock('../shared/error-reporting.ts', () => ({ reportError, setReportSecrets }))
vi.mock('../session/background-sync.ts', () => ({ requestTapSync, keepPeriodicRefresh }))

const signin = SIGNIN_MESSAGE
const TAP = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const OTHER_TAP = '?uid=041E3C8A2D6B81&ctr=000007&cmac=4B00064004B0B3D4'

const status = (refreshing: boolean, pendingTaps: string[] = []): StatusMessage => ({
  v,
  type: WORKER_MESSAGE.status,
  online: true,
  refreshing,
  pendingTaps,
  wakeAt: null,
})

/** Each started wiring's dispose, run after its test. */
const started: (() => void)[] = []

/** Starts the wiring over a fake host connection; resolves once it is connected. */
async function start(mode: SessionMode) {
  connection.mode = mode
  const store: AppStore = createAppStore()
  const reload = vi.fn()
  const greeted = hello.mock.calls.length
  const { actions, dispose } = startSession(store, { firstScreen: Promise.resolve(), reload })
  started.push(dispose)
  await vi.waitFor(() => expect(hello.mock.calls.length).toBeGreaterThan(greeted))
  return { store, reload, actions, dispose }
}

const storageEvent = (key: string) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: String(Date.now()) }))

beforeEach(() => {
  listeners.clear()
  globalThis.indexedDB = new IDBFactory()
  for (const mock of [tap, requestTapSync, keepPeriodicRefresh]) mock.mockClear()
})
afterEach(() => {
  for (const dispose of started.splice(0)) dispose()
  vi.restoreAllMocks()
})

describe('marker rules (spec §4) for tabs whose host is the page', () => {
  it('a signed-out tab reloads on the sign-in marker', async () => {
    const { reload } = await start('page')
    deliver({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: false },
      events: null,
      status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    storageEvent(SIGNIN_EVENT_KEY)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('a signed-in tab does not reload on the sign-in marker', async () => {
    const { reload } = await start('page')
    deliver(signin)
    storageEvent(SIGNIN_EVENT_KEY)
    expect(reload).not.toHaveBeenCalled()
  })

  it('the sign-out marker signs the tab out', async () => {
    const { store } = await start('page')
    deliver(signin)
    storageEvent(SIGNOUT_EVENT_KEY)
    expect(store.getState().auth.status).toBe('anonymous')
  })

  it('tabs served by the worker leave the markers to its broadcasts', async () => {
    const { store, reload } = await start('worker')
    deliver(signin)
    storageEvent(SIGNOUT_EVENT_KEY)
    expect(store.getState().auth.status).toBe('signed-in')
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    storageEvent(SIGNIN_EVENT_KEY)
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('sign-out', () => {
  it('forgets a kept way back and the wallet', async () => {
    await start('worker')
    deliver(signin)
    localStorage.setItem(RETURN_TARGET_KEY, '{"path":"/tap?uid=04A1","email":"a@example.com"}')
    localStorage.setItem('wagmi.store', '{"state":{"current":"test-wallet"}}')
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(localStorage.getItem('wagmi.store')).toBeNull()
  })

  it('clears the app’s badge (it counted the holder’s events), where the browser has one', async () => {
    const clearAppBadge = vi.fn(() => Promise.reject(new Error('not installed')))
    Object.assign(navigator, { clearAppBadge })
    try {
      await start('worker')
      deliver(signin)
      expect(clearAppBadge).not.toHaveBeenCalled()
      deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
      expect(clearAppBadge).toHaveBeenCalledTimes(1)
    } finally {
      Reflect.deleteProperty(navigator, 'clearAppBadge')
    }
  })

  it('does nothing for a tab that was never signed in', async () => {
    await start('worker')
    localStorage.setItem(RETURN_TARGET_KEY, '{"path":"/account","email":"a@example.com"}')
    localStorage.setItem('wagmi.store', '{"state":{"current":"test-wallet"}}')
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    expect(localStorage.getItem('wagmi.store')).not.toBeNull()
    // The way back belongs to a link this anonymous holder may still open.
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
    localStorage.clear()
  })
})

describe('a session that ended while no tab was open', () => {
  const anonymousSnapshot: WorkerMessage = {
    v,
    type: WORKER_MESSAGE.snapshot,
    auth: { signedIn: false },
    events: null,
    status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
  }
  const keepHolderData = () => {
    keepReturnTarget('/account', 'a@example.com', Date.now() + 600_000)
    localStorage.setItem('wagmi.store', '{"state":{"current":"test-wallet"}}')
  }
  afterEach(() => localStorage.clear())

  it('the markers said signed in, the host says not: forgets the holder and marks the sign-out', async () => {
    localStorage.setItem(SIGNOUT_EVENT_KEY, '1000')
    localStorage.setItem(SIGNIN_EVENT_KEY, '2000')
    keepHolderData()
    await start('worker')
    deliver(anonymousSnapshot)
    expect(localStorage.getItem('wagmi.store')).toBeNull()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(Number(localStorage.getItem(SIGNOUT_EVENT_KEY))).toBeGreaterThan(2000)
  })

  it('a first answer that agrees with the markers forgets nothing', async () => {
    localStorage.setItem(SIGNIN_EVENT_KEY, '2000')
    keepHolderData()
    await start('worker')
    deliver({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: true, email: 'a@example.com', phone: null, expiresAt: 1 },
      events: null,
      status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    expect(localStorage.getItem('wagmi.store')).not.toBeNull()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
    expect(localStorage.getItem(SIGNOUT_EVENT_KEY)).toBeNull()
  })

  it("a sign-in marked after the page opened (in another tab) is not this page's to judge", async () => {
    keepHolderData()
    await start('worker')
    localStorage.setItem(SIGNIN_EVENT_KEY, String(Date.now()))
    deliver(anonymousSnapshot)
    expect(localStorage.getItem('wagmi.store')).not.toBeNull()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
  })
})

describe('reports from the worker', () => {
  it('reports each one as an Error from the worker, then tells the worker it has it', async () => {
    reportError.mockClear()
    await start('worker')
    deliver({
      v,
      type: WORKER_MESSAGE.report,
      id: 'report-7',
      name: 'TypeError',
      message: 'Unexpected poap event data',
      stack: null,
      context: { op: 'poap-events-data', dropped: 1 },
    })
    expect(reportError).toHaveBeenCalledOnce()
    const [error, context] = reportError.mock.calls[0] as [Error, Record<string, unknown>]
    expect([error.name, error.message]).toEqual(['TypeError', 'Unexpected poap event data'])
    expect(context).toEqual({ op: 'poap-events-data', dropped: 1, source: 'worker' })
    expect(reportReceived).toHaveBeenCalledWith('report-7')
  })
})

describe('what reports leave out', () => {
  it('tells reporting the holder and pending taps the page knows, and forgets them on sign-out', async () => {
    await start('worker')
    const known = () => setReportSecrets.mock.lastCall as [string, (string | null)[]]
    deliver(signin)
    deliver(status(false, [TAP]))
    expect(known()[0]).toBe('holder')
    expect(known()[1]).toEqual(
      expect.arrayContaining(['holder@example.com', '041E3C8A2D6B80', '4B00064004B0B3D3']),
    )
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    deliver(status(false, []))
    expect(known()[1].filter((value) => value !== null)).toEqual([])
  })
})

describe('taps', () => {
  it('hands a tap to the host through the client', async () => {
    const { actions } = await start('worker')
    actions.tap(TAP)
    await vi.waitFor(() => expect(tap).toHaveBeenCalledExactlyOnceWith(TAP))
  })

  it('asks for Background Sync once per tap, when its refresh ends with it still pending', async () => {
    await start('worker')
    deliver(signin)
    deliver(status(true, [TAP]))
    expect(requestTapSync).not.toHaveBeenCalled()
    deliver(status(false, [TAP]))
    expect(requestTapSync).toHaveBeenCalledOnce()
    // Nothing new about the taps (a list arrives, the browser goes online): not asked again.
    deliver({ v, type: WORKER_MESSAGE.events, events: [], fetchedAt: 1, source: 'network' })
    window.dispatchEvent(new Event('online'))
    expect(requestTapSync).toHaveBeenCalledOnce()
    // The refresh a sync event runs leaves the tap pending: asking again would fire it at once.
    deliver(status(true, [TAP]))
    deliver(status(false, [TAP]))
    expect(requestTapSync).toHaveBeenCalledOnce()
    // Another tap kept: asked for that one.
    deliver(status(true, [TAP, OTHER_TAP]))
    deliver(status(false, [TAP, OTHER_TAP]))
    expect(requestTapSync).toHaveBeenCalledTimes(2)
  })

  it('asks again for a tap whose request the browser did not take (no worker in control yet)', async () => {
    await start('worker')
    deliver(signin)
    requestTapSync.mockResolvedValueOnce(false)
    deliver(status(false, [TAP]))
    expect(requestTapSync).toHaveBeenCalledOnce()
    await vi.waitFor(async () => {
      deliver(status(true, [TAP]))
      deliver(status(false, [TAP]))
      expect(requestTapSync).toHaveBeenCalledTimes(2)
    })
  })

  it('asks again for the same tap kept by the next holder after a sign-out', async () => {
    await start('worker')
    deliver(signin)
    deliver(status(false, [TAP]))
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    deliver(signin)
    deliver(status(false, [TAP]))
    expect(requestTapSync).toHaveBeenCalledTimes(2)
  })

  it('asks when the host reports taps pending as the page opens', async () => {
    await start('worker')
    deliver({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: {
        signedIn: true,
        email: 'holder@example.com',
        phone: null,

        expiresAt: 1,
      },
      events: null,
      status: { online: false, refreshing: false, pendingTaps: [TAP], wakeAt: null },
    })
    expect(requestTapSync).toHaveBeenCalledOnce()
  })

  it('does not ask when no tap is pending', async () => {
    await start('worker')
    deliver(signin)
    deliver(status(true, [TAP]))
    deliver(status(false))
    deliver(status(true))
    deliver(status(false))
    expect(requestTapSync).not.toHaveBeenCalled()
  })

  it('forgets the database where earlier versions kept taps', async () => {
    const legacy = indexedDB.open('iyk-cards-taps', 1)
    legacy.onupgradeneeded = () => legacy.result.createObjectStore('taps')
    await new Promise((resolve) => (legacy.onsuccess = resolve))
    legacy.result.close()
    const names = async () => (await indexedDB.databases()).map((database) => database.name)
    expect(await names()).toContain('iyk-cards-taps')
    await start('worker')
    await vi.waitFor(async () => expect(await names()).not.toContain('iyk-cards-taps'))
  })

  it('forgets a way back whose link has expired, and keeps one still in time', async () => {
    keepReturnTarget('/account', 'a@example.com', Date.now() - 1, Date.now() - 600_000)
    await start('worker')
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    keepReturnTarget('/account', 'a@example.com', Date.now() + 600_000)
    await start('worker')
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
    localStorage.clear()
  })

  it('starts where there is no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined)
    try {
      const { store } = await start('worker')
      deliver(signin)
      expect(store.getState().auth.status).toBe('signed-in')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('periodic refresh', () => {
  it('is kept while someone is signed in, and dropped on sign-out', async () => {
    await start('worker')
    deliver(signin)
    expect(keepPeriodicRefresh).toHaveBeenCalledExactlyOnceWith(true)
    // A fresh JWT or a new list changes nothing.
    deliver({ v, type: WORKER_MESSAGE.session, expiresAt: 2 })
    deliver(status(true))
    expect(keepPeriodicRefresh).toHaveBeenCalledOnce()
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    expect(keepPeriodicRefresh).toHaveBeenCalledTimes(2)
    expect(keepPeriodicRefresh).toHaveBeenLastCalledWith(false)
  })

  it('is dropped when the page opens signed out (the session ended while it was closed)', async () => {
    await start('worker')
    deliver({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: false },
      events: null,
      status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    expect(keepPeriodicRefresh).toHaveBeenCalledExactlyOnceWith(false)
  })
})

describe('the device’s network', () => {
  const hostReaches = (online: boolean): StatusMessage => ({ ...status(false), online })
  const reach = (store: AppStore) => selectReachability(store.getState())

  it('starts from what the browser says', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { store } = await start('worker')
    expect(reach(store)).toBe('offline')
  })

  it('follows the browser going off and on line, beside the host’s word', async () => {
    let online = true
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
    const { store } = await start('worker')
    deliver(hostReaches(false))
    expect(reach(store)).toBe('unreachable')
    online = false
    window.dispatchEvent(new Event('offline'))
    expect(reach(store)).toBe('offline')
    // The host's word while the device is offline does not make it reachable.
    deliver(hostReaches(true))
    expect(reach(store)).toBe('offline')
    deliver(hostReaches(false))
    online = true
    window.dispatchEvent(new Event('online'))
    // Back online: reached, until the host's next call says otherwise.
    expect(reach(store)).toBe('online')
    deliver(hostReaches(false))
    expect(reach(store)).toBe('unreachable')
  })
})

describe('dispose', () => {
  const report: WorkerMessage = {
    v,
    type: WORKER_MESSAGE.report,
    id: 'report-8',
    name: 'Error',
    message: 'late',
    stack: null,
    context: {},
  }
  const signout: WorkerMessage = { v, type: WORKER_MESSAGE.signout, reason: 'user' }

  it('removes every listener and subscription: nothing the host, the browser or the store says reaches it', async () => {
    const persisted = vi.fn(() => Promise.resolve(false))
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted, persist: () => Promise.resolve(true) },
    })
    try {
      const { store, dispose } = await start('page')
      deliver(signin)
      expect(store.getState().auth.status).toBe('signed-in')
      for (const mock of [reportError, setReportSecrets, keepPeriodicRefresh]) mock.mockClear()
      reportReceived.mockClear()
      localStorage.setItem('wagmi.store', '{"state":{"current":"test-wallet"}}')

      dispose()

      // The host's messages: none applied, reported or acknowledged.
      expect(listeners.size).toBe(0)
      deliver(status(false, [TAP]))
      deliver(report)
      expect(store.getState().net.pendingTaps).toEqual([])
      expect(reportError).not.toHaveBeenCalled()
      expect(reportReceived).not.toHaveBeenCalled()
      // The browser's events: going offline and the sign-out marker change nothing.
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      window.dispatchEvent(new Event('offline'))
      window.dispatchEvent(new Event('online'))
      expect(selectReachability(store.getState())).toBe('online')
      storageEvent(SIGNOUT_EVENT_KEY)
      expect(store.getState().auth.status).toBe('signed-in')
      // The store's own changes: no sync asked, nothing told to reporting, no periodic refresh,
      // nothing forgotten on sign-out, no persistent storage asked on the next sign-in.
      store.getState().apply(status(false, [TAP]))
      store.getState().apply(signout)
      store.getState().apply(signin)
      expect(requestTapSync).not.toHaveBeenCalled()
      expect(setReportSecrets).not.toHaveBeenCalled()
      expect(keepPeriodicRefresh).not.toHaveBeenCalled()
      expect(localStorage.getItem('wagmi.store')).not.toBeNull()
      expect(persisted).not.toHaveBeenCalled()
    } finally {
      Reflect.deleteProperty(navigator, 'storage')
      localStorage.clear()
    }
  })

  it('undoes the host’s subscriptions too when it connects only after dispose', async () => {
    connection.mode = 'worker'
    const store = createAppStore()
    const greeted = hello.mock.calls.length
    const { dispose } = startSession(store, { firstScreen: Promise.resolve() })
    dispose()
    await vi.waitFor(() => expect(hello.mock.calls.length).toBeGreaterThan(greeted))
    expect(listeners.size).toBe(0)
    deliver(signin)
    expect(store.getState().auth.status).toBe('unknown')
  })
})
