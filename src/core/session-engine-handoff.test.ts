/** A hand-off is verified at the provider before the engine keeps it or tells any tab (decision 025). */
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { ENGINE_STATE_KEY } from './constants.ts'
import { PRODUCTION_TIMING } from './timing.ts'
import { type EngineState, JWT_IN_MEMORY } from './engine-state.ts'
import { PROTOCOL_VERSION as v, TAB_MESSAGE, type WorkerMessage } from './protocol.ts'
import type { AuthenticateData } from './provider-session.ts'
import { json, rawEvent, type FakeAnswer } from './testing/fake-backend.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'

const MIN = 60_000
const AUTH = '/sessions/authenticate'
const EVENTS = '/api/poap-events'

let h: EngineHarness

beforeEach(() => {
  h = createEngineHarness()
  h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
  h.backend.eventsByUser.set('user-b', [rawEvent(2, 'active')])
})

async function stored(): Promise<EngineState | undefined> {
  return h.store.get<EngineState>(ENGINE_STATE_KEY)
}

/** A hand-off as a page script could make one up: a session the provider never issued. */
function madeUp(userId = 'user-evil'): AuthenticateData {
  return {
    session_token: 'made-up-session-token-0123456789abcdefghijklmno',
    session_jwt: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyLWV2aWwifQ.',
    session: { expires_at: '2030-01-01T00:00:00Z', session_id: 'session-test-made-up' },
    user: { user_id: userId, emails: [{ email: 'evil@example.com' }] },
  }
}

/** Hands `data` over as a tab does, and returns what the engine answered that tab. */
async function handOff(data: AuthenticateData, engine = h.engine): Promise<WorkerMessage[]> {
  const replies: WorkerMessage[] = []
  await engine.receive({ v, type: TAB_MESSAGE.handoff, id: 'handoff-1', ...data }, (message) =>
    replies.push(message),
  )
  return replies
}

describe('a hand-off the provider does not confirm', () => {
  it('a made-up session: one check, nothing stored, no signin, and the tab is told', async () => {
    const replies = await handOff(madeUp())
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    expect((await stored())?.session ?? null).toBeNull()
    expect(h.sent('signin')).toEqual([])
    expect(h.backend.callsTo(EVENTS)).toEqual([])
    expect(replies).toEqual([
      { v, type: 'handoff-result', id: 'handoff-1', result: { ok: false, failure: 'refused' } },
    ])
    expect((await h.engine.snapshot()).auth).toEqual({ signedIn: false })
    // The provider said what it said: nothing to report, and no credential in any log line.
    expect(h.reports).toEqual([])
    expect(JSON.stringify(h.logs)).not.toContain(madeUp().session_token)
  })

  it('a session the provider ended (signed out elsewhere) is refused the same way', async () => {
    const data = h.backend.signIn('user-a')
    await h.engine.handoff(data)
    await h.engine.signOut('user')
    h.broadcasts.length = 0
    expect(await h.engine.handoff(data)).toEqual({ ok: false, failure: 'refused' })
    expect((await stored())?.session).toBeNull()
    expect(h.sent('signin')).toEqual([])
  })

  it('leaves the holder signed in here as they were: session, epoch, list and taps', async () => {
    await h.engine.handoff(h.backend.signIn('user-a'))
    await h.engine.tap('?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    const before = await stored()
    h.broadcasts.length = 0
    expect(await h.engine.handoff(madeUp('user-a'))).toEqual({ ok: false, failure: 'refused' })
    expect(await stored()).toEqual(before)
    expect(h.sent('signin')).toEqual([])
    expect(h.sent('signout')).toEqual([])
  })

  it.each<[string, FakeAnswer]>([
    ['a network error', { fail: 'network' }],
    ['a timeout', { fail: 'timeout' }],
    ['HTTP 503', json(503, { error_type: 'unavailable' })],
    ['HTTP 429', json(429, { error_type: 'too_many_requests' })],
  ])('%s: unreachable, nothing stored, the holder tries again', async (_label, answer) => {
    const data = h.backend.signIn('user-a')
    h.backend.authenticateFaults.push(answer)
    const replies = await handOff(data)
    expect(replies).toEqual([
      { v, type: 'handoff-result', id: 'handoff-1', result: { ok: false, failure: 'unreachable' } },
    ])
    expect((await stored())?.session ?? null).toBeNull()
    expect(h.sent('signin')).toEqual([])
    expect(h.sent('status').at(-1)).toMatchObject({ online: false })
    expect(h.reports).toEqual([])
    // Nothing was kept that a later wake could call with.
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    // The page still holds the parts: handed over again once the network is back, they are taken.
    expect(await h.engine.handoff(data)).toEqual({ ok: true })
    expect((await stored())?.session?.userId).toBe('user-a')
  })

  it.each<[string, FakeAnswer]>([
    ['HTTP 400 of another error type', json(400, { error_type: 'invalid_argument' })],
    ['a 200 the engine cannot read', { status: 200, contentType: 'text/html', body: '<html>' }],
  ])('%s: refused and reported, without the handed credentials', async (_label, answer) => {
    const data = h.backend.signIn('user-a')
    h.backend.authenticateFaults.push(answer)
    expect(await h.engine.handoff(data)).toEqual({ ok: false, failure: 'refused' })
    expect((await stored())?.session ?? null).toBeNull()
    expect(h.reports).toEqual([
      expect.objectContaining({ context: expect.objectContaining({ op: 'handoff' }) }),
    ])
    const reported = JSON.stringify(h.reports.map(({ error }) => String(error)))
    expect(reported).not.toContain(data.session_token)
    expect(reported).not.toContain(data.session_jwt)
  })

  it.each([true, false])(
    'a sign-out while the check runs wins (abort honoured: %s)',
    async (abort) => {
      h.backend.honourAbort = abort
      const data = h.backend.signIn('user-b')
      const gate = h.backend.hold((r) => r.url.endsWith(AUTH))
      const pending = h.engine.handoff(data)
      await gate.reached
      await h.spawn().signOut('user')
      gate.release()
      expect(await pending).toEqual({ ok: false, failure: 'refused' })
      expect((await stored())?.session).toBeNull()
      expect(h.sent('signin')).toEqual([])
    },
  )
})

describe('a hand-off the provider confirms', () => {
  it('one check, then stored from the provider’s answer, signin broadcast, then the tab told', async () => {
    const data = h.backend.signIn('user-a')
    // The page's copy of the user is a claim too: what the provider answers is what is kept.
    const claimed = { ...data, user: { ...data.user, emails: [{ email: 'claimed@example.com' }] } }
    const replies = await handOff(claimed)
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    const session = (await stored())?.session
    expect(session).toMatchObject({
      sessionToken: data.session_token,
      userId: 'user-a',
      email: 'user-a@example.com',
    })
    expect(session).toHaveProperty('jwt', JWT_IN_MEMORY)
    expect(h.backend.mintedJwts.at(-1)).not.toBe(data.session_jwt)
    expect(h.sent('signin')).toEqual([
      {
        v,
        type: 'signin',
        email: 'user-a@example.com',
        phone: null,
        expiresAt: session?.expiresAt,
      },
    ])
    expect(replies).toEqual([{ v, type: 'handoff-result', id: 'handoff-1', result: { ok: true } }])
    expect(h.backend.callsTo(EVENTS)[0]?.headers.Authorization).toBe(
      `Bearer ${h.backend.mintedJwts.at(-1)}`,
    )
  })

  it('counts the check as the last authentication: no second call follows at once', async () => {
    const start = h.clock.now()
    const data = h.backend.signIn('user-a')
    // The check answers 350 ms later.
    h.backend.onAnswer = () => h.clock.advance(350)
    await h.engine.handoff(data)
    const session = (await stored())?.session
    expect(session?.lastAuthAt).toBe(start + 350)
    expect(session?.nextDueAt).toBe(start + 350 + 10 * MIN)
    // Every tab loading now, and heartbeats within the minute: no call.
    for (const engine of [h.engine, h.spawn(), h.spawn()]) {
      await engine.receive({ v, type: TAB_MESSAGE.hello }, () => {})
    }
    h.clock.advance(PRODUCTION_TIMING.reauthMinGapMs - 351)
    await h.spawn().wake('load')
    await h.engine.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
  })

  it('another holder’s confirmed hand-off replaces the first, with their list and taps gone', async () => {
    await h.engine.handoff(h.backend.signIn('user-a'))
    await h.engine.tap('?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3')
    expect(await h.engine.handoff(h.backend.signIn('user-b'))).toEqual({ ok: true })
    const state = await stored()
    expect(state?.session?.userId).toBe('user-b')
    expect(state?.events?.userId).toBe('user-b')
    expect(state?.tapQueue.taps).toEqual([])
  })
})

/** What a tab can make the engine do, and time passing. */
type Step =
  | { kind: 'hello' | 'heartbeat' | 'refresh' | 'tap' | 'signout' | 'passkeys' | 'register' }
  | { kind: 'handoff'; userId: 'user-a' | 'user-b' }
  | { kind: 'forged' }
  | { kind: 'wait'; ms: number }
  | { kind: 'outage'; on: boolean }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .constantFrom('hello', 'heartbeat', 'refresh', 'tap', 'signout', 'passkeys', 'register')
    .map((kind) => ({ kind }) as Step),
  fc.constantFrom('user-a', 'user-b').map((userId) => ({ kind: 'handoff', userId }) as Step),
  fc.constant({ kind: 'forged' } as Step),
  fc.integer({ min: 0, max: 15 * MIN }).map((ms) => ({ kind: 'wait', ms }) as Step),
  fc.boolean().map((on) => ({ kind: 'outage', on }) as Step),
)

describe('no credential reaches a tab', () => {
  // The planted check for decision 025: whatever tabs ask, in whatever order, with sessions
  // handed off, re-authenticated, replaced and ended, no broadcast and no reply to a tab carries
  // a session token or a JWT the engine ever held or was handed.
  it('no broadcast, snapshot or answer carries a session token or JWT', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        h = createEngineHarness()
        h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
        const credentials = new Set<string>()
        const note = async () => {
          const session = (await stored())?.session
          if (session) credentials.add(session.sessionToken)
          for (const jwt of h.backend.mintedJwts) credentials.add(jwt)
        }
        const replies: WorkerMessage[] = []
        const reply = (message: WorkerMessage) => replies.push(message)
        const tab = (message: Parameters<typeof h.engine.receive>[0]) =>
          h.spawn().receive(message, reply)
        await h.engine.handoff(h.backend.signIn('user-a'))
        await note()
        for (const next of steps) {
          switch (next.kind) {
            case 'handoff':
            case 'forged': {
              const data = next.kind === 'forged' ? madeUp() : h.backend.signIn(next.userId)
              credentials.add(data.session_token).add(data.session_jwt)
              await tab({ v, type: TAB_MESSAGE.handoff, id: 'handoff-1', ...data })
              break
            }
            case 'hello':
            case 'heartbeat':
            case 'refresh':
            case 'signout':
              await tab({ v, type: TAB_MESSAGE[next.kind] })
              break
            case 'tap':
              await tab({
                v,
                type: TAB_MESSAGE.tap,
                query: '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
              })
              break
            case 'passkeys':
              await tab({ v, type: TAB_MESSAGE.account, id: 'a-1', call: { op: 'passkeys' } })
              break
            case 'register':
              await tab({
                v,
                type: TAB_MESSAGE.account,
                id: 'a-2',
                call: { op: 'passkey-register', credential: '{"id":"c"}' },
              })
              break
            case 'wait':
              h.clock.advance(next.ms)
              await h.engine.wake('heartbeat')
              break
            case 'outage':
              h.backend.authenticateOutage = next.on ? { fail: 'network' } : null
              break
          }
          await note()
        }
        const told = JSON.stringify([...h.broadcasts, ...replies])
        expect(credentials.size).toBeGreaterThan(1)
        for (const credential of credentials) expect(told).not.toContain(credential)
      }),
      { numRuns: 60 },
    )
  })
})
