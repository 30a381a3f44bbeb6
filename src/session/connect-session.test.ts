/**
 * Which host a tab connects to, and when the worker is registered: at once beside an active
 * worker, after the first screen on a first visit (with the anonymous view shown meanwhile), and
 * before anything where the markers say someone signed in here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import { WORKER_MESSAGE, type SnapshotMessage } from '../core/protocol.ts'
import { deferred } from '../core/testing/deferred.ts'
import { connectSession } from './connect-session.ts'

const registerServiceWorker = vi.hoisted(() =>
  vi.fn<() => Promise<ServiceWorkerRegistration | null>>(),
)
vi.mock('./service-worker.ts', () => ({ registerServiceWorker }))
const env = vi.hoisted(() => ({ isDevServer: false, workerWithdrawn: false, config: {} }))
vi.mock('../config/env.ts', () => env)
// The page's idle time is the browser's business: here it comes as soon as `ready` settles.
vi.mock('../shared/idle-after.ts', () => ({
  idleAfter: (ready: Promise<unknown>) => ready.then(() => {}),
}))
vi.mock('./page-session-host.ts', () => ({
  createPageSessionClient: () => ({ mode: 'page' }),
}))

const activeWorker = { postMessage: vi.fn() } as unknown as ServiceWorker
const registration = (active: ServiceWorker | null) =>
  ({ active }) as unknown as ServiceWorkerRegistration

/** A browser's service-worker container with `existing` as this origin's registration. */
function stubContainer(existing: ServiceWorkerRegistration | undefined) {
  const getRegistration = vi.fn(async () => existing)
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration,
      ready: new Promise(() => {}),
      controller: null,
      addEventListener: vi.fn(),
      startMessages: vi.fn(),
    },
  })
  return getRegistration
}

beforeEach(() => {
  env.workerWithdrawn = false
  registerServiceWorker.mockReset()
  localStorage.clear()
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('connectSession', () => {
  it('talks to an active worker at once and registers beside it', async () => {
    stubContainer(registration(activeWorker))
    registerServiceWorker.mockReturnValue(new Promise(() => {}))
    const provisional = vi.fn()
    const firstScreen = deferred()

    const client = await connectSession({ firstScreen: firstScreen.promise, provisional })

    expect(client.mode).toBe('worker')
    expect(registerServiceWorker).toHaveBeenCalledOnce()
    // The worker answers for itself: nothing provisional.
    expect(provisional).not.toHaveBeenCalled()
  })

  it('on a first visit shows the anonymous app at once and registers only after the first screen', async () => {
    stubContainer(undefined)
    registerServiceWorker.mockResolvedValue(registration(null))
    const provisional = vi.fn<(snapshot: SnapshotMessage) => void>()
    const firstScreen = deferred()

    const connecting = connectSession({ firstScreen: firstScreen.promise, provisional })
    await vi.waitFor(() => expect(provisional).toHaveBeenCalledOnce())
    const [snapshot] = provisional.mock.calls[0]!
    expect(snapshot.type).toBe(WORKER_MESSAGE.snapshot)
    expect(snapshot.auth).toEqual({ signedIn: false })
    expect(registerServiceWorker).not.toHaveBeenCalled()

    firstScreen.resolve()
    const client = await connecting
    expect(registerServiceWorker).toHaveBeenCalledOnce()
    expect(client.mode).toBe('worker')
    expect(provisional).toHaveBeenCalledOnce()
  })

  it('registers at once, without a provisional view, where the markers say someone signed in', async () => {
    stubContainer(undefined)
    localStorage.setItem(SIGNOUT_EVENT_KEY, '1000')
    localStorage.setItem(SIGNIN_EVENT_KEY, '2000')
    registerServiceWorker.mockResolvedValue(registration(activeWorker))
    const provisional = vi.fn()

    const client = await connectSession({ firstScreen: new Promise(() => {}), provisional })

    expect(registerServiceWorker).toHaveBeenCalledOnce()
    expect(client.mode).toBe('worker')
    expect(provisional).not.toHaveBeenCalled()
  })

  it('runs the session in the page where the worker cannot be registered', async () => {
    stubContainer(undefined)
    registerServiceWorker.mockResolvedValue(null)
    const firstScreen = deferred()
    firstScreen.resolve()

    const client = await connectSession({ firstScreen: firstScreen.promise, provisional: vi.fn() })

    expect(client.mode).toBe('page')
  })

  it('registers nothing and runs the session in the page in the kill switch’s build', async () => {
    env.workerWithdrawn = true
    const getRegistration = stubContainer(registration(activeWorker))
    const firstScreen = deferred()
    firstScreen.resolve()

    const client = await connectSession({ firstScreen: firstScreen.promise, provisional: vi.fn() })

    expect(client.mode).toBe('page')
    expect(registerServiceWorker).not.toHaveBeenCalled()
    expect(getRegistration).not.toHaveBeenCalled()
  })
})
