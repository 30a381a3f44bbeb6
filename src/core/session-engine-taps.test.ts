/**
 * The engine's tap queue: a tap is kept until a refresh succeeds (whatever failed: no network, a
 * timeout, a 5xx, the events call), settled exactly once, retried by the schedule and by
 * Background Sync, and never outlives its holder's session.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ENGINE_STATE_KEY, MAX_PENDING_TAPS } from './constants.ts'
import type { EngineState } from './engine-state.ts'
import { PROTOCOL_VERSION as v, TAB_MESSAGE } from './protocol.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'
import { json, rawEvent } from './testing/fake-backend.ts'

const TAP_A = '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const TAP_B = '?uid=041E3C8A2D6B80&ctr=000007&cmac=0011223344556677'
const AUTHENTICATE = '/sessions/authenticate'
const EVENTS = '/api/poap-events'

let h: EngineHarness

const state = async () => (await h.store.get<EngineState>(ENGINE_STATE_KEY)) as EngineState
const pendingQueries = async () => (await state()).tapQueue.taps.map((tap) => tap.query)
const lastStatus = () => h.sent('status').at(-1)

async function signIn(userId = 'user-a'): Promise<void> {
  await h.engine.handoff(h.backend.signIn(userId, `${userId}@example.com`))
}

beforeEach(async () => {
  h = createEngineHarness()
  h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
  await signIn()
})

describe('a tap while the services answer', () => {
  it('refreshes once and is settled: nothing stays pending', async () => {
    const before = h.backend.callsTo(AUTHENTICATE).length
    h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active'), rawEvent(2, 'active')])
    await h.engine.tap(TAP_A)
    expect(h.backend.callsTo(AUTHENTICATE)).toHaveLength(before + 1)
    expect(
      h
        .sent('events')
        .at(-1)
        ?.events.map((e) => e.id),
    ).toEqual(['1', '2'])
    expect(await pendingQueries()).toEqual([])
    expect(lastStatus()).toMatchObject({ online: true, refreshing: false, pendingTaps: [] })
  })

  it('tells tabs the tap is pending while its refresh runs', async () => {
    const gate = h.backend.hold((req) => req.url.endsWith(AUTHENTICATE))
    const running = h.engine.tap(TAP_A)
    await gate.reached
    expect(lastStatus()).toMatchObject({ refreshing: true, pendingTaps: [TAP_A] })
    gate.release()
    await running
    expect(lastStatus()).toMatchObject({ refreshing: false, pendingTaps: [] })
  })

  it('takes taps from a tab message, and ignores them with nobody signed in', async () => {
    await h.engine.receive({ v, type: TAB_MESSAGE.tap, query: TAP_A }, () => {})
    expect(await pendingQueries()).toEqual([])
    await h.engine.signOut('user')
    const before = h.backend.requests.length
    await h.engine.tap(TAP_A)
    expect(h.backend.requests).toHaveLength(before)
    expect(await pendingQueries()).toEqual([])
  })
})

describe('a tap that cannot be settled is kept', () => {
  it.each([
    ['no network', { fail: 'network' as const }],
    ['a timeout (lie-fi)', { fail: 'timeout' as const }],
    ['a 503', json(503, { error_type: 'internal_server_error' })],
    ['a captive portal page', { status: 200, contentType: 'text/html', body: '<html>' }],
  ])('when re-authentication gets %s', async (_label, answer) => {
    h.backend.authenticateFaults.push(answer)
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_A])
    expect(lastStatus()).toMatchObject({ online: false, refreshing: false, pendingTaps: [TAP_A] })
    expect(h.sent('signout')).toEqual([])
  })

  it.each([
    ['no network', { fail: 'network' as const }],
    ['a timeout', { fail: 'timeout' as const }],
    ['a 502', json(502, {})],
  ])('when the events call gets %s, and the service is shown unreachable', async (_l, answer) => {
    h.backend.eventsFaults.push(answer)
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_A])
    expect(lastStatus()).toMatchObject({ online: false, pendingTaps: [TAP_A] })
  })

  it('when the events call is refused (a 4xx answer: the service is there)', async () => {
    h.backend.eventsFaults.push(json(403, { message: 'Card not linked' }))
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_A])
    expect(lastStatus()).toMatchObject({ online: true, pendingTaps: [TAP_A] })
  })

  it('once per link: the same tap opened again is one pending tap, in its new place', async () => {
    h.backend.authenticateOutage = { fail: 'network' }
    await h.engine.tap(TAP_A)
    await h.engine.tap(TAP_B)
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_B, TAP_A])
  })

  it(`keeps at most ${MAX_PENDING_TAPS}, dropping the oldest`, async () => {
    h.backend.authenticateOutage = { fail: 'network' }
    const queries = Array.from(
      { length: MAX_PENDING_TAPS + 3 },
      (_, i) => `?uid=041E3C8A2D6B80&ctr=${String(i).padStart(6, '0')}&cmac=4B00064004B0B3D3`,
    )
    for (const query of queries) await h.engine.tap(query)
    expect(await pendingQueries()).toEqual(queries.slice(3))
  })
})

describe('settling later', () => {
  beforeEach(async () => {
    h.backend.authenticateFaults.push({ fail: 'timeout' })
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_A])
  })

  it('on a heartbeat once the retry delay has passed, not before; exactly once', async () => {
    const calls = () => h.backend.callsTo(AUTHENTICATE).length
    const before = calls()
    await h.engine.wake('heartbeat')
    expect(calls()).toBe(before)
    // The session backs off after its failure: its own retry settles the tap.
    h.clock.advance(5_000)
    await h.engine.wake('heartbeat')
    expect(calls()).toBe(before + 1)
    expect(await pendingQueries()).toEqual([])
    await h.engine.wake('heartbeat')
    await h.engine.wake('load')
    expect(calls()).toBe(before + 1)
  })

  it('after an events failure, with growing delays, until the events call succeeds', async () => {
    // The tap's first retry: re-authentication works, the events call does not.
    h.clock.advance(5_000)
    h.backend.eventsFaults.push({ fail: 'timeout' }, { fail: 'timeout' })
    await h.engine.wake('heartbeat')
    expect(await pendingQueries()).toEqual([TAP_A])
    const first = (await state()).tapQueue
    const firstDelay = first.retryAt - h.clock.now()
    h.clock.advance(firstDelay)
    await h.engine.wake('heartbeat')
    const second = (await state()).tapQueue
    expect(second.attempt).toBe(first.attempt + 1)
    expect(second.retryAt - h.clock.now()).toBeGreaterThan(firstDelay)
    h.clock.advance(second.retryAt - h.clock.now() - 1)
    const before = h.backend.callsTo(EVENTS).length
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(EVENTS)).toHaveLength(before)
    h.clock.advance(1)
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(EVENTS)).toHaveLength(before + 1)
    expect((await state()).tapQueue).toEqual({ taps: [], attempt: 0, retryAt: 0 })
  })

  it('on Background Sync at once, whatever the delay, and says whether any is left', async () => {
    h.backend.authenticateFaults.push({ fail: 'network' })
    expect(await h.engine.settleTaps()).toBe(false)
    expect(await pendingQueries()).toEqual([TAP_A])
    expect(await h.engine.settleTaps()).toBe(true)
    expect(await pendingQueries()).toEqual([])
  })

  it('by a restarted worker, from the store alone', async () => {
    h.clock.advance(5_000)
    const restarted = h.spawn()
    await restarted.wake('heartbeat')
    expect(await pendingQueries()).toEqual([])
    expect(h.sent('events').at(-1)?.source).toBe('network')
  })

  it('by any refresh: a tap kept during a refresh waits for the next one', async () => {
    h.clock.advance(5_000)
    const before = h.backend.callsTo(EVENTS).length
    const gate = h.backend.hold((req) => req.url.includes(EVENTS))
    const refresh = h.engine.refresh()
    await gate.reached
    h.clock.advance(100)
    const second = h.engine.tap(TAP_B)
    gate.release()
    await Promise.all([refresh, second])
    expect(await pendingQueries()).toEqual([])
    // The list asked for before TAP_B was kept settled TAP_A only; TAP_B had a refresh of its own.
    expect(h.backend.callsTo(EVENTS)).toHaveLength(before + 2)
  })
})

describe('a tap belongs to its holder', () => {
  beforeEach(async () => {
    h.backend.authenticateOutage = { fail: 'network' }
    await h.engine.tap(TAP_A)
    expect(await pendingQueries()).toEqual([TAP_A])
  })

  it('is dropped on sign-out, even with the network down', async () => {
    await h.engine.signOut('user')
    expect(await pendingQueries()).toEqual([])
    expect(lastStatus()?.pendingTaps).toEqual([])
  })

  it('is dropped when the provider ends the session', async () => {
    h.backend.authenticateOutage = json(404, { error_type: 'session_not_found' })
    h.clock.advance(60 * 60_000)
    await h.engine.wake('heartbeat')
    expect(h.sent('signout')).toHaveLength(1)
    expect(await pendingQueries()).toEqual([])
  })

  it('is dropped when another holder signs in, and never shown in their status', async () => {
    h.backend.authenticateOutage = null
    await signIn('user-b')
    expect(await pendingQueries()).toEqual([])
    expect((await h.engine.snapshot()).status.pendingTaps).toEqual([])
  })

  it('stays when the same holder signs in again, and that sign-in settles it', async () => {
    h.backend.authenticateOutage = null
    await signIn('user-a')
    expect(await pendingQueries()).toEqual([])
    expect(h.sent('events').at(-1)?.source).toBe('network')
  })

  it('is in the snapshot a tab gets on hello', async () => {
    expect((await h.engine.snapshot()).status.pendingTaps).toEqual([TAP_A])
  })
})

describe('stored taps', () => {
  it('reads state written before taps were kept, and drops an unreadable tap alone', async () => {
    const current = await state()
    await h.store.update(ENGINE_STATE_KEY, () => {
      const older: Partial<EngineState> = { ...current }
      delete older.tapQueue
      return older
    })
    expect((await h.engine.snapshot()).auth.signedIn).toBe(true)
    await h.store.update(ENGINE_STATE_KEY, () => ({
      ...current,
      tapQueue: {
        taps: [
          { query: '?uid=zz', userId: 'user-a', savedAt: 1 },
          { query: TAP_A, userId: 'user-a', savedAt: 2 },
          { query: TAP_B, userId: 7, savedAt: 3 },
        ],
        attempt: 1,
        retryAt: 0,
      },
    }))
    expect((await h.engine.snapshot()).status.pendingTaps).toEqual([TAP_A])
  })
})
