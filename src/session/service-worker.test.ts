/** Update checks while the app stays open: hourly and on becoming visible, never offline or twice at once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  keepCheckingForUpdates,
  registerServiceWorker,
  UPDATE_CHECK_INTERVAL_MS,
  VISIBLE_CHECK_GAP_MS,
} from './service-worker.ts'

vi.mock('../config/env.ts', () => ({ isDevServer: false }))

/** The registration workbox-window's stand-in resolves with (see the wiring test). */
const registered = vi.hoisted(() => ({ registration: null as unknown }))
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register() {
      return Promise.resolve(registered.registration)
    }
  },
}))

let online = true
let visibility: DocumentVisibilityState = 'visible'

/** Sets the page's visibility and tells it, as the browser does on a switch of app or tab. */
function becomes(state: DocumentVisibilityState) {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

/** A registration whose update checks are spied on; each answers when `answer` says. */
function fakeRegistration(answer: () => Promise<void> = () => Promise.resolve()) {
  return { installing: null as ServiceWorker | null, update: vi.fn(answer) }
}

/** Lets the check's promise settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0)

const stops: (() => void)[] = []
const watch = (registration: ReturnType<typeof fakeRegistration>) => {
  stops.push(keepCheckingForUpdates(registration))
  return registration
}

beforeEach(() => {
  vi.useFakeTimers()
  online = true
  visibility = 'visible'
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
})

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('keepCheckingForUpdates', () => {
  it('checks once an hour has passed, and every hour after', async () => {
    const registration = watch(fakeRegistration())
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1)
    expect(registration.update).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(registration.update).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(registration.update).toHaveBeenCalledTimes(2)
  })

  it('checks when the page becomes visible, not when it is hidden', async () => {
    const registration = watch(fakeRegistration())
    becomes('hidden')
    await settle()
    expect(registration.update).not.toHaveBeenCalled()
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledOnce()
  })

  it('checks on becoming visible at most once in ten minutes', async () => {
    const registration = watch(fakeRegistration())
    becomes('visible')
    await settle()
    becomes('hidden')
    await vi.advanceTimersByTimeAsync(VISIBLE_CHECK_GAP_MS - 1)
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledOnce()
    becomes('hidden')
    await vi.advanceTimersByTimeAsync(1)
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledTimes(2)
  })

  it('does not check offline, and checks again once online', async () => {
    const registration = watch(fakeRegistration())
    online = false
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    becomes('hidden')
    becomes('visible')
    await settle()
    expect(registration.update).not.toHaveBeenCalled()
    online = true
    becomes('hidden')
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledOnce()
  })

  it('never runs two checks at once', async () => {
    let finish = () => {}
    const registration = watch(
      fakeRegistration(() => new Promise<void>((resolve) => (finish = resolve))),
    )
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    becomes('visible')
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(registration.update).toHaveBeenCalledOnce()
    finish()
    await settle()
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledTimes(2)
  })

  it('does not check while a new worker is already installing', async () => {
    const registration = watch(fakeRegistration())
    registration.installing = {} as ServiceWorker
    becomes('visible')
    await settle()
    expect(registration.update).not.toHaveBeenCalled()
  })

  it('is silent when a check fails, and checks again next time', async () => {
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    const registration = watch(
      fakeRegistration(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    becomes('visible')
    await settle()
    await vi.advanceTimersByTimeAsync(VISIBLE_CHECK_GAP_MS)
    becomes('visible')
    await settle()
    expect(registration.update).toHaveBeenCalledTimes(2)
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
  })

  it('stops when asked', async () => {
    const registration = fakeRegistration()
    keepCheckingForUpdates(registration)()
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    becomes('visible')
    await settle()
    expect(registration.update).not.toHaveBeenCalled()
  })
})

describe('registerServiceWorker', () => {
  it('starts the checks on the registration, once however often it registers', async () => {
    const registration = fakeRegistration()
    registered.registration = registration
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} })
    try {
      expect(await registerServiceWorker()).toBe(registration)
      expect(await registerServiceWorker()).toBe(registration)
      await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
      expect(registration.update).toHaveBeenCalledOnce()
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker')
    }
  })
})
