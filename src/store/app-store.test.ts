import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import type { PoapEvent } from '../core/poap-event.ts'
import {
  createAppStore,
  selectHolder,
  selectIsSignedIn,
  selectReachability,
  whenAuthKnown,
} from './app-store.ts'

const event = (id: string, status: PoapEvent['status']): PoapEvent => ({
  id,
  name: `Event ${id}`,
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
  status,
})

const signin: WorkerMessage = {
  v,
  type: WORKER_MESSAGE.signin,
  email: 'a@example.com',
  phone: null,

  expiresAt: 1000,
}
const signedOut: WorkerMessage = { v, type: WORKER_MESSAGE.signout, reason: 'user' }
const eventsMessage = (list: PoapEvent[]): WorkerMessage => ({
  v,
  type: WORKER_MESSAGE.events,
  events: list,
  fetchedAt: 5,
  source: 'network',
})

describe('app store', () => {
  it('keeps unchanged events (and an unchanged list) the same objects across a refresh', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    store.getState().apply(eventsMessage([event('1', 'active'), event('2', 'expired')]))
    const first = store.getState().events.list
    // The same list again, as new objects (a refresh brings fresh JSON): nothing to re-render.
    store.getState().apply(eventsMessage([event('1', 'active'), event('2', 'expired')]))
    expect(store.getState().events.list).toBe(first)
    // One event changed: a new list, the changed event new, the other the same object.
    store.getState().apply(eventsMessage([event('1', 'active'), event('2', 'rejected')]))
    const second = store.getState().events.list
    expect(second).not.toBe(first)
    expect(second?.[0]).toBe(first?.[0])
    expect(second?.[1]).toEqual(event('2', 'rejected'))
    // A snapshot (another tab's view on load) shares the same way.
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: {
        signedIn: true,

        email: 'a@example.com',
        phone: null,
        expiresAt: 1000,
      },
      events: {
        events: [event('1', 'active'), event('2', 'rejected')],
        fetchedAt: 9,
        source: 'cache',
      },
      status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    expect(store.getState().events.list).toBe(second)
  })

  it('starts unknown, signed out, with no list yet', () => {
    const state = createAppStore().getState()
    expect(state.auth.status).toBe('unknown')
    expect(selectIsSignedIn(state)).toBe(false)
    expect(state.events.list).toBeNull()
  })

  it('is signed in exactly while the status says so', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    expect(selectIsSignedIn(store.getState())).toBe(true)
    expect(store.getState().auth).toMatchObject({
      status: 'signed-in',
      holder: { email: 'a@example.com' },
    })
    expect(selectHolder(store.getState())?.email).toBe('a@example.com')
    store.getState().apply(signedOut)
    expect(selectIsSignedIn(store.getState())).toBe(false)
    expect(selectHolder(store.getState())).toBeNull()
    expect(store.getState().auth).toEqual({ status: 'anonymous', signedOutReason: 'user' })
  })

  it('takes the new expiry from a re-authentication, but never signs in again after sign-out', () => {
    const store = createAppStore()
    const session: WorkerMessage = { v, type: WORKER_MESSAGE.session, expiresAt: 2 }
    store.getState().apply(signin)
    store.getState().apply(session)
    expect(selectHolder(store.getState())).toEqual({
      email: 'a@example.com',
      phone: null,
      expiresAt: 2,
    })
    store.getState().apply(signedOut)
    store.getState().apply(session)
    expect(store.getState().auth).toEqual({ status: 'anonymous', signedOutReason: 'user' })
  })

  it('holds no credential, whatever a message carries beside its fields', () => {
    const store = createAppStore()
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl'
    // Messages reach the store validated, which drops unknown fields; the reducer takes only its own.
    store.getState().apply({ ...signin, jwt, session_token: 'token' } as WorkerMessage)
    store.getState().apply({ v, type: WORKER_MESSAGE.session, expiresAt: 3, jwt } as WorkerMessage)
    expect(Object.keys(store.getState().auth).sort()).toEqual(['holder', 'status'])
    expect(Object.keys(selectHolder(store.getState()) ?? {}).sort()).toEqual(
      ['email', 'expiresAt', 'phone'].sort(),
    )
    expect(JSON.stringify(store.getState())).not.toContain(jwt)
  })

  it('clears the events on sign-out and ignores late lists', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    store.getState().apply(eventsMessage([event('1', 'active')]))
    store.getState().apply(signedOut)
    expect(store.getState().events.list).toBeNull()
    store.getState().apply(eventsMessage([event('2', 'active')]))
    expect(store.getState().events.list).toBeNull()
  })

  it("never shows the previous user's list after a new sign-in", () => {
    const store = createAppStore()
    store.getState().apply(signin)
    store.getState().apply(eventsMessage([event('1', 'active')]))
    store.getState().apply({ ...signin, email: 'b@example.com', phone: null } as WorkerMessage)
    expect(store.getState().events.list).toBeNull()
  })

  it('keeps the list when a fetch fails, and clears the error on the next list', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    store.getState().apply(eventsMessage([event('1', 'active')]))
    store.getState().apply({ v, type: WORKER_MESSAGE.eventsError, message: 'offline' })
    expect(store.getState().events).toMatchObject({ error: 'offline', list: [{ id: '1' }] })
    store.getState().apply(eventsMessage([]))
    expect(store.getState().events).toMatchObject({ error: null, list: [] })
  })

  it('takes the whole view from a snapshot', () => {
    const store = createAppStore()
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: true, email: 'a@example.com', phone: null, expiresAt: 9 },
      events: { events: [event('1', 'expired')], fetchedAt: 3, source: 'cache' },
      status: { online: false, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    const state = store.getState()
    expect(state.auth.status).toBe('signed-in')
    expect(state.events).toMatchObject({ source: 'cache', fetchedAt: 3 })
    expect(state.net.online).toBe(false)
  })

  it('ends a refreshing that the host never ended when a snapshot says it is idle', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    store.getState().apply(eventsMessage([event('1', 'active')]))
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.status,
      online: true,
      refreshing: true,
      pendingTaps: [],
      wakeAt: null,
    })
    expect(store.getState().net.refreshing).toBe(true)
    // The answer to the tab asking again: a restarted worker has nothing running.
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.snapshot,
      auth: {
        signedIn: true,
        email: 'a@example.com',
        phone: null,

        expiresAt: 1000,
      },
      events: null,
      status: { online: true, refreshing: false, pendingTaps: [], wakeAt: null },
    })
    const state = store.getState()
    expect(state.net).toEqual({ online: true, refreshing: false, pendingTaps: [] })
    // A snapshot without a list keeps the one shown.
    expect(state.events.list).toHaveLength(1)
  })

  it('resolves whenAuthKnown once the status is known', async () => {
    const store = createAppStore()
    let known: string | undefined
    const pending = whenAuthKnown(store).then((status) => (known = status))
    await Promise.resolve()
    expect(known).toBeUndefined()
    store.getState().apply(signedOut)
    await pending
    expect(known).toBe('anonymous')
  })

  it('keeps the pending taps the host reports, and none after a status without any', () => {
    const store = createAppStore()
    store.getState().apply(signin)
    const tap = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.status,
      online: false,
      refreshing: false,
      pendingTaps: [tap],
      wakeAt: null,
    })
    expect(store.getState().net).toEqual({ online: false, refreshing: false, pendingTaps: [tap] })
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.status,
      online: true,
      refreshing: false,
      pendingTaps: [],
      wakeAt: 5_000,
    })
    expect(store.getState().net.pendingTaps).toEqual([])
  })
})

describe('reachability', () => {
  const hostSays = (store: ReturnType<typeof createAppStore>, online: boolean) =>
    store.getState().apply({
      v,
      type: WORKER_MESSAGE.status,
      online,
      refreshing: false,
      pendingTaps: [],
      wakeAt: null,
    })

  it.each([
    [true, true, 'online'],
    [true, false, 'unreachable'],
    [false, true, 'offline'],
    [false, false, 'offline'],
  ] as const)('device online %s, host reached %s: %s', (device, host, expected) => {
    expect(
      selectReachability({
        device: { online: device },
        net: { online: host, refreshing: false, pendingTaps: [] },
      }),
    ).toBe(expected)
  })

  it('starts online (as the build prerenders), and follows the device', () => {
    const store = createAppStore()
    expect(selectReachability(store.getState())).toBe('online')
    store.getState().setDeviceOnline(false)
    expect(store.getState().device.online).toBe(false)
    expect(selectReachability(store.getState())).toBe('offline')
  })

  it('coming online counts the service as reached until the host says otherwise', () => {
    const store = createAppStore()
    hostSays(store, false)
    store.getState().setDeviceOnline(false)
    store.getState().setDeviceOnline(true)
    expect(selectReachability(store.getState())).toBe('online')
    hostSays(store, false)
    expect(selectReachability(store.getState())).toBe('unreachable')
    // Going offline leaves the host's word as it was.
    store.getState().setDeviceOnline(false)
    expect(store.getState().net.online).toBe(false)
  })
})
