/** The session glue: host messages into the store, the spec's marker rules, leaving protected pages. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from './core/constants.ts'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from './core/protocol.ts'
import { SIGNIN_MESSAGE } from './core/testing/messages.ts'
import { RETURN_TARGET_KEY } from './lib/return-target.ts'
import type { SessionClient, SessionMode } from './lib/session-client.ts'
import { createAppStore, type AppStore } from './store/app-store.ts'
import { startSession } from './session-wiring.ts'

const connection = vi.hoisted(() => ({ mode: 'page' as SessionMode }))
const clearPendingTap = vi.hoisted(() => vi.fn(() => Promise.resolve()))
const reportReceived = vi.hoisted(() => vi.fn())
const reportError = vi.hoisted(() => vi.fn())
let deliver: (message: WorkerMessage) => void = () => {}

vi.mock('./lib/connect-session.ts', () => ({
  connectSession: () => {
    const client: Partial<SessionClient> = {
      mode: connection.mode,
      subscribe(listener) {
        const previous = deliver
        deliver = (message) => {
          previous(message)
          listener(message)
        }
        return () => {}
      },
      hello: () => {},
      reportReceived,
    }
    return Promise.resolve({ client, provisional: null })
  },
}))
vi.mock('./lib/error-reporting.ts', () => ({ reportError }))
vi.mock('./lib/pending-tap.ts', () => ({ pendingTapStore: { clear: clearPendingTap } }))

const signin = SIGNIN_MESSAGE

function fakeRouter(routeIds: string[]) {
  return {
    state: { matches: routeIds.map((routeId) => ({ routeId })) },
    navigate: vi.fn(() => Promise.resolve()),
  }
}

/** Starts the wiring over a fake host connection; resolves once it is connected. */
async function start(mode: SessionMode, routeIds = ['__root__', '/']) {
  connection.mode = mode
  const store: AppStore = createAppStore()
  const router = fakeRouter(routeIds)
  const reload = vi.fn()
  startSession(store, () => router as never, reload)
  await vi.waitFor(() => expect(deliver).not.toBe(noop))
  return { store, router, reload }
}

const noop = () => {}
const storageEvent = (key: string) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: String(Date.now()) }))

beforeEach(() => {
  deliver = noop
  clearPendingTap.mockClear()
})
afterEach(() => vi.restoreAllMocks())

describe('marker rules (spec §4) for tabs whose host is the page', () => {
  it('a signed-out tab reloads on the sign-in marker', async () => {
    const { reload } = await start('page')
    deliver({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: false },
      events: null,
      status: { online: true, refreshing: false, pendingTaps: [] },
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

  it('the sign-out marker signs the tab out and leaves a protected page for /', async () => {
    const { store, router } = await start('page', ['__root__', '/_signedIn', '/_signedIn/account'])
    deliver(signin)
    storageEvent(SIGNOUT_EVENT_KEY)
    expect(store.getState().auth.status).toBe('anonymous')
    expect(router.navigate).toHaveBeenCalledWith({ to: '/', replace: true })
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
  it('forgets a pending tap, a kept way back and the wallet, and stays on a public page', async () => {
    const { router } = await start('worker', ['__root__', '/tap'])
    deliver(signin)
    localStorage.setItem(RETURN_TARGET_KEY, '{"path":"/tap?uid=04A1","email":"a@example.com"}')
    localStorage.setItem('wagmi.store', '{"state":{"current":"test-wallet"}}')
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    expect(clearPendingTap).toHaveBeenCalledOnce()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(localStorage.getItem('wagmi.store')).toBeNull()
    expect(router.navigate).not.toHaveBeenCalled()
  })

  it('does nothing for a tab that was never signed in', async () => {
    await start('worker')
    localStorage.setItem(RETURN_TARGET_KEY, '{"path":"/account","email":"a@example.com"}')
    deliver({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    expect(clearPendingTap).not.toHaveBeenCalled()
    // The way back belongs to a link this anonymous holder may still open.
    expect(localStorage.getItem(RETURN_TARGET_KEY)).not.toBeNull()
    localStorage.clear()
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
