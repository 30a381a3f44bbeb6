/** The session engine against a scripted provider and cards API, a fake clock and a real serialising lock. */
import { beforeEach, describe, expect, it } from 'vitest'
import { base64Encode } from './base64.ts'
import { ENGINE_STATE_KEY, SESSION_ABORT_KEY, UNRECOVERABLE_ERROR_TYPES } from './constants.ts'
import { type EngineState, JWT_IN_MEMORY } from './engine-state.ts'
import { PROTOCOL_VERSION, TAB_MESSAGE, type WorkerMessage } from './protocol.ts'
import type { SessionEngine } from './session-engine.ts'
import { json, rawEvent, type FakeAnswer } from './testing/fake-backend.ts'
import {
  createEngineHarness,
  HARNESS_CONFIG,
  type EngineHarness,
} from './testing/engine-harness.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const AUTH = '/sessions/authenticate'
const EVENTS = '/api/poap-events'
const REVOKE = '/sessions/revoke'

let h: EngineHarness
let T0: number

/**
 * A holder signs in: the hand-off and its check at the provider (one authenticate, tested in
 * 'hand-off and calls'), left out of the recorded requests so a test counts the calls that follow.
 */
async function signIn(userId = 'user-a', minutes = 60): Promise<string> {
  const data = h.backend.signIn(userId, undefined, minutes)
  const before = h.backend.requests.length
  expect(await h.engine.handoff(data)).toEqual({ ok: true })
  const [check] = h.backend.requests.splice(before, 1)
  expect(check?.url).toMatch(new RegExp(`${AUTH}$`))
  return data.session_token
}

async function stored(): Promise<EngineState | undefined> {
  return h.store.get<EngineState>(ENGINE_STATE_KEY)
}

/** Runs wakes of several tabs: each heartbeats every 20 s from its own phase; same-instant wakes run concurrently. */
async function heartbeats(engines: SessionEngine[], from: number, until: number, phases: number[]) {
  const ticks = new Map<number, SessionEngine[]>()
  phases.forEach((phase, tab) => {
    for (let t = from + phase; t < until; t += 20_000) {
      const at = ticks.get(t) ?? []
      at.push(engines[tab % engines.length]!)
      ticks.set(t, at)
    }
  })
  for (const t of [...ticks.keys()].sort((a, b) => a - b)) {
    h.clock.set(t)
    await Promise.all(ticks.get(t)!.map((engine) => engine.wake('heartbeat')))
  }
}

/** The session token a provider call was made with (its Basic credential's second half). */
function callerToken(req: { headers: Record<string, string> }): string {
  const basic = (req.headers.Authorization ?? '').replace(/^Basic /, '')
  return atob(basic).split(':')[1] ?? ''
}

function authCallsBetween(start: number, end: number): number {
  return h.backend.callsTo(AUTH).filter((r) => r.at >= start && r.at < end).length
}

beforeEach(() => {
  h = createEngineHarness()
  T0 = h.clock.now()
  h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active'), rawEvent(2, 'expired')])
  h.backend.eventsByUser.set('user-b', [rawEvent(3, 'future')])
})

describe('hand-off and calls', () => {
  it('takes over a signed-in session once the provider confirms it: one authenticate, signin, events with its JWT', async () => {
    const data = h.backend.signIn('user-a')
    expect(await h.engine.handoff(data)).toEqual({ ok: true })
    const [check] = h.backend.callsTo(AUTH)
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    expect(check?.headers.Authorization).toBe(
      `Basic ${base64Encode(`${HARNESS_CONFIG.publicToken}:${data.session_token}`)}`,
    )
    expect(h.sent('signin')).toEqual([
      {
        v: PROTOCOL_VERSION,
        type: 'signin',
        email: 'user-a@example.com',
        phone: null,
        expiresAt: T0 + HOUR,
      },
    ])
    // The provider's answer is what is kept, without its JWT: that stays in memory.
    const session = (await stored())?.session
    expect(session).toMatchObject({ sessionToken: data.session_token, userId: 'user-a' })
    expect(session).toHaveProperty('jwt', JWT_IN_MEMORY)
    // The list is fetched with the provider's fresh JWT, not the one handed over.
    const fresh = h.backend.mintedJwts.at(-1)
    expect(fresh).not.toBe(data.session_jwt)
    const [eventsCall] = h.backend.callsTo(EVENTS)
    expect(eventsCall?.url).toBe('http://cards.test/api/poap-events?isActive=false')
    expect(eventsCall?.headers.Authorization).toBe(`Bearer ${fresh}`)
    expect(h.sent('events')).toEqual([
      expect.objectContaining({ fetchedAt: T0, source: 'network', events: expect.any(Array) }),
    ])
    expect(h.sent('events')[0]?.events.map((e) => e.id)).toEqual(['1', '2'])
    expect((await h.engine.snapshot()).events?.source).toBe('cache')
  })

  it('sends the authenticate call the provider expects, then fetches events with the new JWT', async () => {
    const token = await signIn()
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const [call] = h.backend.callsTo(AUTH)
    expect(call).toMatchObject({
      url: 'http://provider.test/sdk/v1/sessions/authenticate',
      method: 'POST',
      headers: {
        Authorization: `Basic ${base64Encode(`${HARNESS_CONFIG.publicToken}:${token}`)}`,
        'Content-Type': 'application/json',
      },
      body: '{"session_duration_minutes":60}',
    })
    const [session] = h.sent('session')
    expect(session).toEqual({ v: PROTOCOL_VERSION, type: 'session', expiresAt: T0 + 70 * MIN })
    const eventCalls = h.backend.callsTo(EVENTS)
    expect(eventCalls).toHaveLength(2)
    const jwt = h.backend.mintedJwts.at(-1)
    expect(jwt).toMatch(/^jwt-/)
    expect(eventCalls[1]?.headers.Authorization).toBe(`Bearer ${jwt}`)
    const types = h.broadcasts.map((m) => m.type)
    expect(types.slice(types.indexOf('session'))).toEqual(['session', 'events', 'status'])
  })

  it('reports refreshing around calls', async () => {
    await signIn()
    h.broadcasts.length = 0
    await h.engine.refresh()
    const statuses = h.sent('status').map((m) => m.refreshing)
    expect(statuses).toEqual([true, false])
  })
})

describe('schedule', () => {
  it.each([
    ['one worker, 1 tab', 1, 1],
    ['one worker, 5 tabs', 1, 5],
    ['one worker, 10 tabs', 1, 10],
    ['10 page hosts, 10 tabs', 10, 10],
  ])('makes exactly 6 calls per healthy hour: %s', async (_label, engineCount, tabs) => {
    await signIn()
    const engines = [h.engine, ...Array.from({ length: engineCount - 1 }, () => h.spawn())]
    // Each provider call takes 350 ms of fake time.
    h.backend.onAnswer = (req) => {
      if (req.url.endsWith(AUTH)) h.clock.advance(350)
    }
    // Phases spread over the 20 s period, none on the 10-minute marks, some tabs in step.
    const phases = Array.from({ length: tabs }, (_, i) => 13_337 + ((i % 4) * 1_733) / 2)
    await heartbeats(engines, T0, T0 + 3 * HOUR, phases)
    // Calls stay on the 10-minute grid: late only by the wait for the next heartbeat.
    for (const call of h.backend.callsTo(AUTH)) {
      expect((call.at - T0) % (10 * MIN)).toBeLessThan(20_000)
    }
    expect(authCallsBetween(T0, T0 + HOUR)).toBe(5) // plus the sign-in's check: 6 authentications
    expect(authCallsBetween(T0 + HOUR, T0 + 2 * HOUR)).toBe(6)
    expect(authCallsBetween(T0 + 2 * HOUR, T0 + 3 * HOUR)).toBe(6)
    expect(h.sent('signout')).toHaveLength(0)
  })

  it('concurrent heartbeats of many tabs at the due moment make one call', async () => {
    await signIn()
    const engines = Array.from({ length: 10 }, () => h.spawn())
    h.clock.advance(10 * MIN)
    await Promise.all(engines.map((engine) => engine.wake('heartbeat')))
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
  })

  it('re-authenticates at once when fewer than 40 minutes remain', async () => {
    // The provider grants 45 minutes, to the hand-off's check as well.
    h.backend.grantMinutes = 45
    await signIn('user-a', 45)
    h.backend.grantMinutes = null
    expect(await h.engine.nextWakeAt()).toBe(T0 + 5 * MIN)
    h.clock.set(T0 + 5 * MIN - 1)
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(0)
    h.clock.set(T0 + 5 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    // The new 60-minute session puts the next call back on the 10-minute cadence.
    expect(await h.engine.nextWakeAt()).toBe(T0 + 15 * MIN)
  })

  it('tells the tabs when it next needs a wake, each time that moves, and not otherwise', async () => {
    await signIn()
    const wakes = () => h.sent('status').map((status) => status.wakeAt)
    expect(wakes().at(-1)).toBe(T0 + 10 * MIN)
    expect((await h.engine.snapshot()).status.wakeAt).toBe(T0 + 10 * MIN)
    const heard = wakes().length
    h.clock.set(T0 + 10 * MIN - 1)
    await h.engine.wake('heartbeat')
    expect(wakes()).toHaveLength(heard)
    h.clock.set(T0 + 10 * MIN)
    await h.engine.wake('heartbeat')
    expect(wakes().at(-1)).toBe(T0 + 20 * MIN)
    expect(await h.engine.nextWakeAt()).toBe(T0 + 20 * MIN)
    // A fresh instance (the browser stopped the worker) announces the same wake, not none…
    const restarted = h.spawn()
    await restarted.announceStatus()
    expect(wakes().at(-1)).toBe(T0 + 20 * MIN)
    // …and its reads of the same wake announce nothing.
    const again = h.spawn()
    const before = wakes().length
    await again.wake('heartbeat')
    expect(await again.nextWakeAt()).toBe(T0 + 20 * MIN)
    expect(wakes()).toHaveLength(before)
    // Signed out: nothing scheduled.
    await h.engine.signOut('user')
    expect(wakes().at(-1)).toBeNull()
  })

  it('catches up at once after the tabs were silent (hidden, throttled) for half an hour', async () => {
    await signIn()
    h.clock.advance(30 * MIN)
    await h.engine.wake('nudge')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    expect(await h.engine.nextWakeAt()).toBe(T0 + 40 * MIN)
  })

  it('never calls more than once a minute when the provider grants short sessions', async () => {
    await signIn()
    h.backend.grantMinutes = 30
    h.clock.advance(10 * MIN)
    await heartbeats([h.engine], h.clock.now(), h.clock.now() + 10 * MIN, [0, 5_000, 10_000])
    const calls = authCallsBetween(T0, T0 + 21 * MIN)
    expect(calls).toBeGreaterThanOrEqual(9)
    expect(calls).toBeLessThanOrEqual(11)
  })

  it('five tabs loading at once make one call; a load within a minute of a success makes none', async () => {
    await signIn()
    h.clock.advance(5 * MIN)
    const pages = Array.from({ length: 5 }, () => h.spawn())
    const replies: WorkerMessage[] = []
    await Promise.all(
      pages.map((page) =>
        page.receive({ v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello }, (m) => replies.push(m)),
      ),
    )
    expect(replies.map((m) => m.type)).toEqual(Array(5).fill('snapshot'))
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    h.clock.advance(59_000)
    await h.spawn().wake('load')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    h.clock.advance(1_000)
    await h.spawn().wake('load')
    expect(h.backend.callsTo(AUTH)).toHaveLength(2)
  })

  it('counts only the first hello of an engine instance as a load', async () => {
    await signIn()
    h.clock.advance(5 * MIN)
    const hello = { v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello } as const
    await h.engine.receive(hello, () => {})
    h.clock.advance(2 * MIN)
    await h.engine.receive(hello, () => {})
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
  })

  it('a restarted worker carries on exactly: same nextDueAt, no extra call', async () => {
    await signIn()
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const due = await h.engine.nextWakeAt()
    expect(due).toBe(T0 + 20 * MIN)
    h.clock.advance(4 * MIN)
    const restarted = h.spawn()
    expect(await restarted.nextWakeAt()).toBe(due)
    await restarted.wake('activate')
    await restarted.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    h.clock.set(due!)
    await restarted.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(2)
  })

  it('a worker restarted while backing off keeps the attempt count', async () => {
    await signIn()
    h.backend.authenticateOutage = json(503, { error_type: 'unavailable' })
    h.clock.advance(10 * MIN)
    for (let i = 0; i < 3; i++) {
      h.clock.set((await h.engine.nextWakeAt())!)
      await h.engine.wake('heartbeat')
    }
    const restarted = h.spawn()
    const due = (await restarted.nextWakeAt())!
    expect(due - h.clock.now()).toBe(8000)
    h.clock.set(due)
    await restarted.wake('heartbeat')
    expect((await restarted.nextWakeAt())! - h.clock.now()).toBe(16000)
  })
})

/** Wraps the harness's store in one that counts the updates that wrote; call it to read the count. */
function countWrites(): () => number {
  const inner = h.store
  let writes = 0
  h = {
    ...h,
    store: {
      get: (key) => inner.get(key),
      update: (key, fn) =>
        inner.update(key, (current) => {
          const next = fn(current as never)
          if (next !== undefined) writes++
          return next
        }),
    },
  }
  return () => writes
}

describe('writes', () => {
  it('a successful re-authentication writes twice (the session, then its list), a failed one once', async () => {
    const writes = countWrites()
    const engine = h.spawn(h.store)
    h.clock.advance(MIN)
    expect(await engine.handoff(h.backend.signIn('user-a'))).toEqual({ ok: true })
    const afterSignIn = writes()
    h.clock.advance(10 * MIN)
    await engine.wake('heartbeat')
    expect(writes() - afterSignIn).toBe(2)
    h.backend.authenticateOutage = { fail: 'network' }
    h.clock.advance(10 * MIN)
    const beforeFailure = writes()
    await engine.wake('heartbeat')
    expect(writes() - beforeFailure).toBe(1)
    // Wakes before the retry is due, and snapshots, change nothing and write nothing.
    const beforeWakes = writes()
    await engine.wake('heartbeat')
    await engine.snapshot()
    expect(writes()).toBe(beforeWakes)
  })

  it('a tap whose refresh fails writes twice: the tap, then the backoff and the taps’ wait together', async () => {
    const writes = countWrites()
    const engine = h.spawn(h.store)
    expect(await engine.handoff(h.backend.signIn('user-a'))).toEqual({ ok: true })
    h.backend.authenticateOutage = { fail: 'network' }
    h.clock.advance(2 * MIN)
    const beforeTap = writes()
    await engine.tap('?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    expect(writes() - beforeTap).toBe(2)
    const stored = (await h.store.get<EngineState>(ENGINE_STATE_KEY))!
    expect(stored.session?.backoffAttempt).toBe(1)
    expect(stored.tapQueue).toMatchObject({ attempt: 1, retryAt: stored.session?.nextDueAt })
  })
})

describe('failures', () => {
  it('backs off 2000, 4000, … 256000 ms and stays there, never signing out', async () => {
    await signIn()
    h.backend.authenticateOutage = { fail: 'network' }
    h.clock.advance(10 * MIN)
    const delays: number[] = []
    for (let i = 0; i < 10; i++) {
      await h.engine.wake('heartbeat')
      const next = (await h.engine.nextWakeAt())!
      delays.push(next - h.clock.now())
      // Wakes before the retry is due, loads included, make no call.
      const calls = h.backend.callsTo(AUTH).length
      h.clock.set(next - 1)
      await h.engine.wake('load')
      await h.spawn().wake('load')
      expect(h.backend.callsTo(AUTH)).toHaveLength(calls)
      h.clock.set(next)
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000])
    expect(h.sent('signout')).toHaveLength(0)
    expect((await stored())?.session?.backoffAttempt).toBe(10)
    expect(h.sent('status').at(-1)).toMatchObject({ online: false })
  })

  it('jitters each retry within ±175 ms', async () => {
    await signIn()
    h.backend.authenticateOutage = json(500, { error_type: 'internal_server_error' })
    h.clock.advance(10 * MIN)
    for (const r of [0, 0.9999999]) {
      h.random.value = r
      const attempt = (await stored())!.session!.backoffAttempt
      h.clock.set((await h.engine.nextWakeAt())!)
      await h.engine.wake('heartbeat')
      const delay = (await h.engine.nextWakeAt())! - h.clock.now()
      expect(delay).toBe(2000 * 2 ** attempt + (r === 0 ? -175 : 175))
    }
  })

  it('after an outage, recovers with one call and returns to the 10-minute cadence', async () => {
    await signIn()
    h.backend.authenticateOutage = json(503, {})
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    h.backend.authenticateOutage = null
    h.clock.set((await h.engine.nextWakeAt())!)
    await h.engine.wake('heartbeat')
    expect((await stored())?.session?.backoffAttempt).toBe(0)
    expect((await h.engine.nextWakeAt())! - h.clock.now()).toBe(10 * MIN)
    expect(h.sent('session')).toHaveLength(1)
  })

  const recoverable: [string, FakeAnswer, boolean][] = [
    ['a network error', { fail: 'network' }, false],
    ['a timeout', { fail: 'timeout' }, false],
    ['HTTP 500', json(500, { error_type: 'internal_server_error' }), false],
    ['HTTP 503 without a body', { status: 503, contentType: 'text/plain', body: '' }, false],
    ['HTTP 429', json(429, { error_type: 'too_many_requests' }), false],
    ['invalid JSON', { status: 200, contentType: 'application/json', body: '{"data":' }, true],
    ['a non-JSON answer', { status: 200, contentType: 'text/html', body: '<html>' }, true],
    ['a body without session_jwt', json(200, { data: { session_token: 't' } }), true],
    ['HTTP 400 of another error type', json(400, { error_type: 'invalid_argument' }), true],
    ['HTTP 401 of another error type', json(401, { error_type: 'unauthorized_action' }), true],
    ['HTTP 403 from a proxy', { status: 403, contentType: 'text/html', body: 'Forbidden' }, true],
    ['HTTP 404 without error type', json(404, { message: 'not here' }), true],
  ]

  it.each(recoverable)('%s is recoverable: backoff, no sign-out', async (_l, answer, reported) => {
    const token = await signIn()
    h.backend.authenticateFaults.push(answer)
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const state = await stored()
    expect(state?.session?.sessionToken).toBe(token)
    expect(state?.session?.backoffAttempt).toBe(1)
    expect(state?.session?.nextDueAt).toBe(h.clock.now() + 2000)
    expect(h.sent('signout')).toHaveLength(0)
    expect(h.reports.length > 0).toBe(reported)
  })

  it('an aborted call is recoverable', async () => {
    await signIn()
    const gate = h.backend.hold((r) => r.url.endsWith(AUTH))
    h.clock.advance(10 * MIN)
    const woke = h.engine.wake('heartbeat')
    await gate.reached
    h.backend.http.abort(SESSION_ABORT_KEY)
    await woke
    expect((await stored())?.session?.backoffAttempt).toBe(1)
    expect(h.sent('signout')).toHaveLength(0)
  })

  it.each(
    UNRECOVERABLE_ERROR_TYPES.flatMap((type) => [401, 404, 500].map((s) => [type, s] as const)),
  )('%s (HTTP %i) signs out everywhere', async (errorType, status) => {
    await signIn()
    h.backend.authenticateFaults.push(json(status, { status_code: status, error_type: errorType }))
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.sent('signout')).toEqual([{ v: PROTOCOL_VERSION, type: 'signout', reason: errorType }])
    expect((await stored())?.session).toBeNull()
    expect((await stored())?.events).toBeNull()
    expect(h.backend.callsTo(REVOKE)).toHaveLength(0)
    expect((await h.engine.snapshot()).auth).toEqual({ signedIn: false })
  })

  it('a session the provider no longer knows signs out at its next call', async () => {
    await signIn()
    h.backend.authenticateFaults.push(json(404, { error_type: 'session_not_found' }))
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.sent('signout').at(-1)?.reason).toBe('session_not_found')
    expect((await stored())?.session).toBeNull()
  })
})

describe('sign-out and epochs', () => {
  it('clears session and events, broadcasts signout and revokes', async () => {
    const token = await signIn()
    await h.engine.signOut('user')
    expect(await stored()).toMatchObject({ session: null, events: null, epoch: 2 })
    expect(h.sent('signout')).toEqual([{ v: PROTOCOL_VERSION, type: 'signout', reason: 'user' }])
    const [revoke] = h.backend.callsTo(REVOKE)
    expect(revoke?.headers.Authorization).toBe(
      `Basic ${base64Encode(`${HARNESS_CONFIG.publicToken}:${token}`)}`,
    )
    expect(h.backend.isAlive(token)).toBe(false)
    expect(await h.engine.snapshot()).toMatchObject({ auth: { signedIn: false }, events: null })
    expect(await h.engine.nextWakeAt()).toBeNull()
  })

  it.each<[string, FakeAnswer]>([
    ['revoke fails', json(500, { error_type: 'internal_server_error' })],
    ['the network is down', { fail: 'network' }],
  ])('clears everything even when %s', async (_label, answer) => {
    await signIn()
    h.backend.revokeFaults.push(answer)
    await h.engine.signOut('user')
    expect(await stored()).toMatchObject({ session: null, events: null })
    expect(h.sent('signout')).toHaveLength(1)
    expect(h.logs.some((l) => l.message === 'Error revoking session')).toBe(true)
  })

  it('clears and broadcasts before a hanging revoke answers', async () => {
    await signIn()
    const gate = h.backend.hold((r) => r.url.endsWith(REVOKE))
    const signingOut = h.engine.signOut('user')
    await gate.reached
    expect(await stored()).toMatchObject({ session: null, events: null })
    expect(h.sent('signout')).toHaveLength(1)
    gate.release()
    await signingOut
  })

  it.each([true, false])(
    'a call in flight at sign-out writes nothing back (abort honoured: %s)',
    async (honourAbort) => {
      await signIn()
      h.backend.honourAbort = honourAbort
      const gate = h.backend.hold((r) => r.url.endsWith(AUTH))
      h.clock.advance(10 * MIN)
      const woke = h.engine.wake('heartbeat')
      await gate.reached
      // Sign-out does not wait for the hung call (nor its lock).
      await h.spawn().signOut('user')
      expect(await stored()).toMatchObject({ session: null })
      gate.release()
      await woke
      expect(await stored()).toMatchObject({ session: null, events: null })
      const types = h.broadcasts.map((m) => m.type)
      expect(types.slice(types.indexOf('signout'))).not.toContain('session')
      expect(types.slice(types.indexOf('signout'))).not.toContain('events')
      expect(h.backend.callsTo(EVENTS)).toHaveLength(1)
      expect(h.sent('session')).toHaveLength(0)
    },
  )

  it('an events fetch in flight at sign-out writes nothing back', async () => {
    await signIn()
    h.backend.honourAbort = false
    const gate = h.backend.hold((r) => r.url.includes(EVENTS))
    const refreshing = h.engine.refresh()
    await gate.reached
    await h.engine.signOut('user')
    gate.release()
    await refreshing
    expect(await stored()).toMatchObject({ session: null, events: null })
    expect(h.sent('events')).toHaveLength(1) // the hand-off's, before sign-out
    expect(h.sent('events-error')).toHaveLength(0)
  })

  it('a call in flight when another user signs in cannot overwrite the new session', async () => {
    const tokenA = await signIn('user-a')
    h.backend.honourAbort = false
    const gate = h.backend.hold((r) => r.url.endsWith(AUTH) && callerToken(r) === tokenA)
    h.clock.advance(10 * MIN)
    const woke = h.engine.wake('heartbeat')
    await gate.reached
    const b = h.backend.signIn('user-b')
    await h.spawn().handoff(b)
    gate.release()
    await woke
    const state = await stored()
    expect(state?.session).toMatchObject({ userId: 'user-b', sessionToken: b.session_token })
    expect(state?.events?.userId).toBe('user-b')
  })

  it('an unrecoverable answer from an old session does not sign out a newer one', async () => {
    const tokenA = await signIn('user-a')
    h.backend.honourAbort = false
    const gate = h.backend.hold((r) => r.url.endsWith(AUTH) && callerToken(r) === tokenA)
    h.clock.advance(10 * MIN)
    const woke = h.engine.wake('heartbeat')
    await gate.reached
    await h.spawn().handoff(h.backend.signIn('user-b'))
    // The held call of A's session is answered after B's hand-off was confirmed.
    h.backend.authenticateFaults.push(json(404, { error_type: 'session_not_found' }))
    const statuses = h.sent('status').length
    gate.release()
    await woke
    expect(h.sent('signout')).toHaveLength(0)
    expect((await stored())?.session?.userId).toBe('user-b')
    // Nothing is said of it but that it was discarded: no "session ended", no reachability.
    expect(h.logs.map((log) => log.message)).not.toContain('Session ended by the provider')
    expect(h.logs.at(-1)?.message).toBe(
      'Discarded a re-authentication that finished after its session ended',
    )
    expect(
      h
        .sent('status')
        .slice(statuses)
        .every((status) => status.online),
    ).toBe(true)
  })
})

describe('events', () => {
  it('each new JWT fetches events once', async () => {
    await signIn()
    for (let i = 1; i <= 3; i++) {
      h.clock.set(T0 + i * 10 * MIN)
      await h.engine.wake('heartbeat')
    }
    await h.engine.refresh()
    // The hand-off's check and four re-authentications: five JWTs, each fetched with once.
    const authorizations = h.backend.callsTo(EVENTS).map((r) => r.headers.Authorization)
    expect(authorizations).toHaveLength(5)
    expect(new Set(authorizations).size).toBe(5)
    expect(authorizations.at(-1)).toBe(`Bearer ${h.backend.mintedJwts.at(-1)}`)
  })

  it.each<[string, FakeAnswer, string]>([
    ['data that is not a list', json(200, { data: { id: 1, status: 'lost' } }), 'cannot read'],
    ['a body without data', json(200, { events: [] }), 'cannot read'],
    ['HTTP 500', json(500, { message: 'boom' }), 'having trouble'],
    ['invalid JSON', { status: 200, contentType: 'application/json', body: '[' }, 'cannot read'],
    ['a network error', { fail: 'network' }, 'Could not reach'],
  ])('%s: events-error, logged and reported, list unchanged', async (_label, answer, text) => {
    await signIn()
    const before = await h.engine.snapshot()
    h.backend.eventsFaults.push(answer)
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.sent('events-error')).toEqual([
      { v: PROTOCOL_VERSION, type: 'events-error', message: expect.stringContaining(text) },
    ])
    expect(
      h.logs.some((l) => l.level === 'error' && l.message === 'Failed to fetch poap events'),
    ).toBe(true)
    expect(h.reports).toEqual([expect.objectContaining({ context: { op: 'poap-events' } })])
    expect((await h.engine.snapshot()).events).toEqual(before.events)
    expect(h.sent('events')).toHaveLength(1)
  })

  it('serves the cache for under one day and drops it after', async () => {
    await signIn()
    h.backend.authenticateOutage = { fail: 'network' }
    h.clock.set(T0 + 24 * HOUR - 1)
    const fresh = await h.engine.snapshot()
    expect(fresh.events).toMatchObject({ fetchedAt: T0, source: 'cache' })
    expect(fresh.auth).toMatchObject({ signedIn: true })
    h.clock.set(T0 + 24 * HOUR)
    expect((await h.engine.snapshot()).events).toBeNull()
    expect((await stored())?.events).toBeNull()
  })

  it('user B never sees user A’s cache', async () => {
    await signIn('user-a')
    expect((await stored())?.events?.userId).toBe('user-a')
    // B signs in without A signing out first (A's session was lost), and B's first fetch fails.
    h.backend.eventsFaults.push({ fail: 'network' })
    await h.engine.handoff(h.backend.signIn('user-b'))
    expect((await h.engine.snapshot()).events).toBeNull()
    expect((await stored())?.events).toBeNull()
    const replies: WorkerMessage[] = []
    await h
      .spawn()
      .receive({ v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello }, (m) => replies.push(m))
    expect(replies[0]).toMatchObject({ events: null, auth: { email: 'user-b@example.com' } })
  })

  it('a cache written for another user is never served', async () => {
    await signIn('user-a')
    const state = (await stored())!
    await h.store.update<EngineState>(ENGINE_STATE_KEY, () => ({
      ...state,
      events: { ...state.events!, userId: 'user-b' },
    }))
    expect((await h.engine.snapshot()).events).toBeNull()
  })
})

describe('messages and secrecy', () => {
  it('handles every tab message', async () => {
    const replies: WorkerMessage[] = []
    const reply = (m: WorkerMessage) => replies.push(m)
    const v = PROTOCOL_VERSION
    await h.engine.receive({ v, type: TAB_MESSAGE.hello }, reply)
    expect(replies).toEqual([expect.objectContaining({ auth: { signedIn: false } })])
    const handoff = { type: TAB_MESSAGE.handoff, id: 'handoff-1', ...h.backend.signIn('user-a') }
    await h.engine.receive({ v, ...handoff }, reply)
    expect(h.sent('signin')).toHaveLength(1)
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    await h.engine.receive({ v, type: TAB_MESSAGE.refresh }, reply)
    expect(h.backend.callsTo(AUTH)).toHaveLength(2)
    h.clock.advance(10 * MIN)
    await h.engine.receive({ v, type: TAB_MESSAGE.heartbeat }, reply)
    expect(h.backend.callsTo(AUTH)).toHaveLength(3)
    await h.engine.receive({ v, type: TAB_MESSAGE.signout }, reply)
    expect(h.sent('signout')).toEqual([{ v, type: 'signout', reason: 'user' }])
    expect(replies).toEqual([
      expect.objectContaining({ type: 'snapshot' }),
      { v, type: 'handoff-result', id: 'handoff-1', result: { ok: true } },
    ])
  })

  it('refresh re-authenticates now, even while backing off', async () => {
    await signIn()
    h.backend.authenticateFaults.push({ fail: 'network' })
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    await h.engine.refresh()
    expect(h.backend.callsTo(AUTH)).toHaveLength(2)
    expect((await stored())?.session?.backoffAttempt).toBe(0)
  })

  it('a refresh that waited behind a successful call makes no second call', async () => {
    await signIn()
    const gate = h.backend.hold((r) => r.url.endsWith(AUTH))
    h.clock.advance(10 * MIN)
    const woke = h.engine.wake('heartbeat')
    await gate.reached
    h.clock.advance(1)
    const refreshed = h.spawn().refresh()
    h.clock.advance(1)
    gate.release()
    await Promise.all([woke, refreshed])
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
  })

  it('never puts the session token in a broadcast, log line or report', async () => {
    const tokens = [await signIn('user-a')]
    h.backend.authenticateFaults.push(
      { fail: 'network' },
      json(400, { error_type: 'invalid_argument' }),
      json(200, { data: { session_token: 'x' } }),
    )
    h.backend.eventsFaults.push(json(200, { nope: true }))
    for (let i = 1; i <= 8; i++) {
      h.clock.advance(5 * MIN)
      await h.engine.wake('heartbeat')
    }
    h.backend.revokeFaults.push({ fail: 'network' })
    await h.engine.signOut('user')
    tokens.push(await signIn('user-b'))
    h.backend.authenticateFaults.push(json(401, { error_type: 'unauthorized_credentials' }))
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const emitted = JSON.stringify({
      broadcasts: h.broadcasts,
      logs: h.logs,
      reports: h.reports.map((r) => ({ error: String(r.error), context: r.context })),
    })
    expect(h.reports.length).toBeGreaterThan(0)
    for (const token of tokens) expect(emitted).not.toContain(token)
    expect(emitted).not.toContain('SECRET')
  })

  it('discards an unreadable stored state instead of crashing', async () => {
    await h.store.update(ENGINE_STATE_KEY, () => ({ schema: 99, junk: true }))
    expect((await h.engine.snapshot()).auth).toEqual({ signedIn: false })
    await h.engine.wake('load')
    expect(h.reports).toEqual([expect.objectContaining({ context: { op: 'read-state' } })])
  })
})

describe('a tab finding no list', () => {
  const hello = { v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello } as const
  const reply = () => {}

  it('fetches with the still-fresh JWT it holds when the fetch after hand-off was cut short', async () => {
    h.backend.eventsFaults.push({ fail: 'network' })
    await signIn()
    expect(h.sent('events')).toHaveLength(0)
    h.clock.advance(30_000)
    await h.engine.receive(hello, reply)
    expect(h.backend.callsTo(AUTH)).toHaveLength(0)
    expect(h.backend.callsTo(EVENTS)).toHaveLength(2)
    expect(h.sent('events')).toHaveLength(1)
  })

  it('a restarted worker holds no JWT (none is stored): it mints one to fetch the list', async () => {
    h.backend.eventsFaults.push({ fail: 'network' })
    await signIn()
    h.clock.advance(30_000)
    await h.spawn().receive(hello, reply)
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    const authorizations = h.backend.callsTo(EVENTS).map((call) => call.headers.Authorization)
    expect(authorizations).toEqual([
      `Bearer ${h.backend.mintedJwts.at(-2)}`,
      `Bearer ${h.backend.mintedJwts.at(-1)}`,
    ])
    expect(h.sent('events')).toHaveLength(1)
  })

  it('drops the JWT a record of an earlier release kept, at the first read', async () => {
    await signIn()
    const legacy = {
      ...(await stored())!,
      session: { ...(await stored())!.session, jwt: 'eyJ.old.jwt' },
    }
    await h.store.update(ENGINE_STATE_KEY, () => legacy)
    const restarted = h.spawn()
    expect((await restarted.snapshot()).auth).toMatchObject({ signedIn: true })
    const raw = await h.store.get<{ session: Record<string, unknown> }>(ENGINE_STATE_KEY)
    expect(raw?.session).toMatchObject({ userId: 'user-a' })
    expect(raw?.session).toHaveProperty('jwt', JWT_IN_MEMORY)
  })

  it('re-authenticates first when the JWT is too old to use', async () => {
    h.backend.eventsFaults.push({ fail: 'network' })
    await signIn()
    h.clock.advance(5 * MIN)
    await h.spawn().receive(hello, reply)
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    expect(h.sent('events')).toHaveLength(1)
  })

  it('waits for the scheduled retry while backing off: reloads make no calls', async () => {
    h.backend.eventsFaults.push({ fail: 'network' })
    await signIn()
    h.backend.authenticateOutage = json(503, {})
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect((await stored())?.session?.backoffAttempt).toBe(1)
    const due = (await h.engine.nextWakeAt())!
    const calls = [h.backend.callsTo(AUTH).length, h.backend.callsTo(EVENTS).length]
    for (let i = 0; i < 5; i++) {
      await h.spawn().receive(hello, reply)
      h.clock.advance(200)
    }
    expect(h.clock.now()).toBeLessThan(due)
    expect([h.backend.callsTo(AUTH).length, h.backend.callsTo(EVENTS).length]).toEqual(calls)
    expect((await stored())?.session?.backoffAttempt).toBe(1)

    // The retry, once due, brings the list.
    h.backend.authenticateOutage = null
    h.clock.set(due)
    await h.spawn().receive(hello, reply)
    expect(h.sent('events')).toHaveLength(1)
  })

  it('does nothing more when the cache is there', async () => {
    await signIn()
    h.clock.advance(30_000)
    await h.spawn().receive(hello, reply)
    expect(h.backend.callsTo(EVENTS)).toHaveLength(1)
  })
})

describe('SDK headers on provider calls', () => {
  const telemetryOf = (req: { headers: Record<string, string> } | undefined): unknown =>
    JSON.parse(atob(req?.headers['X-SDK-Client'] ?? ''))
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'

  it('re-authenticate and revoke carry X-SDK-Parent-Host and the SDK’s telemetry, fresh per call', async () => {
    const data = h.backend.signIn('user-a')
    await h.engine.handoff(data)
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    h.clock.advance(MIN)
    await h.engine.signOut('user')
    // The hand-off's check, the scheduled call and the revoke.
    const calls = [...h.backend.callsTo(AUTH), ...h.backend.callsTo(REVOKE)]
    expect(calls).toHaveLength(3)
    for (const call of calls) {
      expect(call.headers['X-SDK-Parent-Host']).toBe(HARNESS_CONFIG.appOrigin)
      expect(telemetryOf(call)).toEqual({
        event_id: expect.stringMatching(new RegExp(`^event-id-${uuid}$`)),
        app_session_id: expect.stringMatching(new RegExp(`^app-session-id-${uuid}$`)),
        persistent_id: expect.stringMatching(new RegExp(`^persistent-id-${uuid}$`)),
        client_sent_at: new Date(call.at).toISOString(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        stytch_user_id: 'user-a',
        stytch_session_id: data.session.session_id,
        app: { identifier: HARNESS_CONFIG.appHostname },
        sdk: { identifier: 'Stytch.js Javascript SDK', version: '@stytch/vanilla-js@6.3.0' },
      })
    }
    const eventIds = calls.map((call) => (telemetryOf(call) as { event_id: string }).event_id)
    expect(new Set(eventIds).size).toBe(3)
  })

  it('a session stored before its id was kept still calls, then keeps the id the provider returns', async () => {
    const data = h.backend.signIn('user-a')
    await h.engine.handoff(data)
    // The store keeps JSON, so an undefined id is stored as no key at all, as in older state.
    await h.store.update<EngineState>(ENGINE_STATE_KEY, (state) => ({
      ...state!,
      session: { ...state!.session!, sessionId: undefined as never },
    }))
    expect((await stored())?.session).not.toHaveProperty('sessionId')
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const auth = h.backend.callsTo(AUTH).at(-1)
    expect(telemetryOf(auth)).not.toHaveProperty('stytch_session_id')
    expect(h.sent('session')).toHaveLength(1)
    expect((await stored())?.session?.sessionId).toBe(data.session.session_id)
    await h.engine.signOut('user')
    const [revoke] = h.backend.callsTo(REVOKE)
    expect(telemetryOf(revoke)).toHaveProperty('stytch_session_id', data.session.session_id)
  })
})
