/**
 * Properties of the engine's one decision: for any stored state and any event, what it writes and
 * what it does. The runner's side (one write per event, effects performed in order) is tested in
 * session-engine.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuthenticateOutcome } from './authenticate-response.ts'
import { JWT_FRESH_MS, UNRECOVERABLE_ERROR_TYPES } from './constants.ts'
import type { DecideEnv, Effect, EngineEvent } from './engine-events.ts'
import { initialEngineState, parseEngineState, type EngineState } from './engine-state.ts'
import { EventsResponseError } from './events-response.ts'
import { decide } from './session-decide.ts'
import {
  authenticatedSession as authenticated,
  engineState,
  epochMs as time,
  holderId,
  storedSession as session,
  tapQuery,
} from './testing/arbitraries.ts'
import { TEST_TIMING } from './timing.ts'
import { ValidationError } from './validation.ts'

const outcome: fc.Arbitrary<AuthenticateOutcome> = fc.oneof(
  authenticated.map((s) => ({ kind: 'success' as const, session: s })),
  fc.record({
    kind: fc.constant('unrecoverable' as const),
    errorType: fc.constantFrom(...UNRECOVERABLE_ERROR_TYPES),
    status: fc.constantFrom(401, 404),
  }),
  fc.record({
    kind: fc.constant('recoverable' as const),
    reason: fc.constantFrom('no response (TimeoutError)', 'HTTP 503', 'HTTP 400 invalid_argument'),
    status: fc.option(fc.constantFrom(400, 429, 503), { nil: null }),
    unexpected: fc.boolean(),
  }),
)

const env: fc.Arbitrary<DecideEnv> = fc.record({
  now: time,
  timing: fc.constant(TEST_TIMING),
  random: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  imageOrigins: fc.constant(['https://img.example']),
  jwt: fc.option(
    fc.record({ jwt: fc.constant('eyJ.held.jwt'), epoch: fc.nat({ max: 1000 }), at: time }),
    {
      nil: null,
    },
  ),
})

const epoch = fc.nat({ max: 1000 })
const due = fc.constantFrom(
  'scheduled' as const,
  'expiring' as const,
  'load' as const,
  'clock-moved-back' as const,
  'requested' as const,
)
const wakeReason = fc.constantFrom(
  'load' as const,
  'heartbeat' as const,
  'nudge' as const,
  'activate' as const,
  'message' as const,
  'sync' as const,
  'periodic' as const,
)
const signOutReason = fc.constantFrom('user' as const, ...UNRECOVERABLE_ERROR_TYPES)
const listBody = fc.constantFrom(
  '{"data":[]}',
  '{"data":[{"id":1,"name":"Berlin meetup","start_date":"2024-05-01"}]}',
  '{"data":[1,{"id":"x"}]}',
  '<html>portal</html>',
  '{"message":"Not allowed"}',
)
const listError = fc.constantFrom(
  new DOMException('timed out', 'TimeoutError'),
  new EventsResponseError(503, 'HTTP 503'),
  new ValidationError('data', 'an array'),
)

/** Every event the engine meets, over generated inputs. */
const anyEvent: fc.Arbitrary<EngineEvent> = fc.oneof(
  wakeReason.map((reason) => ({ type: 'wake' as const, reason })),
  fc.constant({ type: 'refresh' as const }),
  tapQuery.map((query) => ({ type: 'tap' as const, query })),
  fc.constant({ type: 'list-wanted' as const }),
  signOutReason.map((reason) => ({ type: 'sign-out' as const, reason })),
  authenticated.map((s) => ({ type: 'handoff' as const, session: s })),
  fc.constant({ type: 'look' as const }),
  fc
    .oneof(
      wakeReason.map((reason) => ({ kind: 'wake' as const, reason })),
      time.map((requestedAt) => ({ kind: 'refresh' as const, requestedAt })),
      tapQuery.map((query) => ({ kind: 'tap' as const, query })),
      fc.constant({ kind: 'list' as const }),
    )
    .map((check) => ({ type: 'locked' as const, check })),
  fc.record({ type: fc.constant('reauth-answered' as const), epoch, session, due, outcome }),
  fc.record({ type: fc.constant('handoff-answered' as const), epoch, outcome }),
  fc.record({
    type: fc.constant('events-answered' as const),
    epoch,
    userId: holderId,
    startedAt: time,
    status: fc.constantFrom(200, 200, 400, 503),
    contentType: fc.constantFrom('application/json', 'text/html', null),
    body: listBody,
  }),
  fc.record({ type: fc.constant('events-failed' as const), epoch, error: listError }),
  fc.record({ type: fc.constant('passkey-registered' as const), epoch, session: authenticated }),
  fc.record({ type: fc.constant('session-ended' as const), epoch, reason: signOutReason }),
)

/** A state and an event whose epoch is often the state's (the outcome applies) and often not. */
const stateAndEvent: fc.Arbitrary<[EngineState, EngineEvent]> = fc
  .tuple(engineState, anyEvent, fc.boolean())
  .map(([state, event, sameEpoch]) => [
    state,
    'epoch' in event && sameEpoch ? { ...event, epoch: state.epoch } : event,
  ])

const kinds = (effects: Effect[]) => effects.map((effect) => effect.kind)
/** The effects that carry a call's outcome back as an event: I/O with a result. */
const CALLS = new Set<Effect['kind']>(['authenticate', 'confirm-handoff', 'fetch-events'])

describe('decide, for any state and any event', () => {
  it('writes only a changed state, which reads back as written, never moving the epoch back', () => {
    fc.assert(
      fc.property(stateAndEvent, env, ([state, event], e) => {
        const { next } = decide(state, event, e)
        if (next === null) return
        expect(next).not.toEqual(state)
        expect(parseEngineState(JSON.parse(JSON.stringify(next)))).toEqual(next)
        expect(next.epoch).toBeGreaterThanOrEqual(state.epoch)
      }),
    )
  })

  it('re-enters nothing: the lock is asked for only from outside it, for a check made holding it', () => {
    fc.assert(
      fc.property(stateAndEvent, env, ([state, event], e) => {
        const { effects } = decide(state, event, e)
        for (const effect of effects) {
          if (effect.kind === 'lock') expect(effect.event.type).toBe('locked')
        }
        // Under the lock, and after a call's outcome (still under it), no lock is asked for again.
        if (event.type === 'locked' || 'epoch' in event)
          expect(kinds(effects)).not.toContain('lock')
        // At most one call follows an event: its result is the next event.
        expect(effects.filter((effect) => CALLS.has(effect.kind)).length).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('an outcome a sign-out or hand-off overtook changes nothing and tells nobody', () => {
    fc.assert(
      fc.property(engineState, anyEvent, env, (state, event, e) => {
        if (!('epoch' in event) || event.epoch === state.epoch) return
        const { next, effects } = decide(state, event, e)
        expect(next).toBeNull()
        for (const effect of effects) {
          // A note in the log, and the page that asked for a hand-off its answer: refused.
          expect(effect).toSatisfy(
            (said: Effect) =>
              (said.kind === 'log' && said.level === 'info') ||
              (said.kind === 'answer' && !said.result.ok && said.result.failure === 'refused'),
          )
        }
      }),
    )
  })

  it('never puts a credential in a log, a report, a broadcast or an answer', () => {
    fc.assert(
      fc.property(stateAndEvent, env, ([state, event], e) => {
        const { effects } = decide(state, event, e)
        const said = JSON.stringify(
          effects
            .filter((effect) => ['log', 'report', 'broadcast', 'answer'].includes(effect.kind))
            .map((effect) =>
              effect.kind === 'report' ? [String(effect.error), effect.context] : effect,
            ),
        )
        const secrets = [state.session?.sessionToken, e.jwt?.jwt]
        if ('session' in event) secrets.push(event.session.sessionToken)
        if (event.type === 'handoff' || event.type === 'passkey-registered') {
          secrets.push(event.session.jwt)
        }
        if (event.type === 'reauth-answered' && event.outcome.kind === 'success') {
          secrets.push(event.outcome.session.sessionToken, event.outcome.session.jwt)
        }
        for (const secret of secrets) if (secret !== undefined) expect(said).not.toContain(secret)
      }),
    )
  })
})

/** A signed-in state in `epoch` with `signedIn` as its session. */
const signedInState = (epochNow: number, signedIn: EngineState['session']): EngineState => ({
  ...initialEngineState(epochNow),
  session: signedIn,
})

describe('after a re-authentication', () => {
  const answered = (s: EngineState, result: AuthenticateOutcome, d = 'requested' as const) => ({
    type: 'reauth-answered' as const,
    epoch: s.epoch,
    session: s.session!,
    due: d,
    outcome: result,
  })

  it('a success keeps the fresh session, tells its expiry, then fetches with its JWT', () => {
    fc.assert(
      fc.property(session, authenticated, epoch, env, (was, fresh, at, e) => {
        const before = signedInState(at, was)
        const { next, effects } = decide(
          before,
          answered(before, { kind: 'success', session: fresh }),
          e,
        )
        const { jwt, ...kept } = fresh
        expect(next?.session).toMatchObject({ ...kept, lastAuthAt: e.now, backoffAttempt: 0 })
        // The JWT goes to memory, never to the record.
        expect(next?.session).not.toHaveProperty('jwt')
        expect(next?.session?.nextDueAt).toBeGreaterThan(e.now)
        expect(effects).toEqual([
          { kind: 'online', online: true },
          { kind: 'broadcast', message: { v: 2, type: 'session', expiresAt: fresh.expiresAt } },
          { kind: 'remember-jwt', jwt, epoch: at },
          { kind: 'fetch-events', jwt, userId: fresh.userId, epoch: at },
        ])
      }),
    )
  })

  it('an unrecoverable answer ends the session in the same write, without revoking it', () => {
    fc.assert(
      fc.property(
        session,
        epoch,
        fc.constantFrom(...UNRECOVERABLE_ERROR_TYPES),
        env,
        (was, at, errorType, e) => {
          const before = signedInState(at, was)
          const result = { kind: 'unrecoverable' as const, errorType, status: 401 }
          const { next, effects } = decide(before, answered(before, result), e)
          expect(next).toEqual(initialEngineState(at + 1))
          expect(kinds(effects)).toEqual(['online', 'log', 'abort-calls', 'broadcast', 'log'])
          expect(effects).toContainEqual({
            kind: 'broadcast',
            message: { v: 2, type: 'signout', reason: errorType },
          })
        },
      ),
    )
  })

  it('a recoverable failure backs off and holds the taps back in one write, reported only when unexpected', () => {
    fc.assert(
      fc.property(engineState, session, outcome, env, (base, was, result, e) => {
        if (result.kind !== 'recoverable') return
        const before = { ...base, session: was }
        const { next, effects } = decide(before, answered(before, result), e)
        expect(next?.session?.backoffAttempt).toBe(was.backoffAttempt + 1)
        expect(next?.session?.nextDueAt).toBeGreaterThan(e.now)
        if (before.tapQueue.taps.length > 0) {
          expect(next?.tapQueue.attempt).toBe(before.tapQueue.attempt + 1)
          expect(next?.tapQueue.retryAt).toBeGreaterThan(e.now)
        } else {
          expect(next?.tapQueue).toEqual(before.tapQueue)
        }
        expect(effects[0]).toEqual({ kind: 'online', online: false })
        expect(kinds(effects).includes('report')).toBe(result.unexpected)
        expect(kinds(effects)).not.toContain('broadcast')
      }),
    )
  })
})

describe('under the lock', () => {
  it('a refresh that a call answered while it waited does nothing; else one call', () => {
    fc.assert(
      fc.property(session, epoch, time, env, (was, at, requestedAt, e) => {
        const before = signedInState(at, was)
        const { next, effects } = decide(
          before,
          { type: 'locked', check: { kind: 'refresh', requestedAt } },
          e,
        )
        expect(next).toBeNull()
        expect(effects).toEqual(
          was.lastAuthAt > requestedAt
            ? []
            : [{ kind: 'authenticate', session: was, epoch: at, due: 'requested' }],
        )
      }),
    )
  })

  it('a tab with no list gets one with the JWT held while it is fresh, else after a call; none while backing off', () => {
    fc.assert(
      fc.property(session, epoch, env, fc.boolean(), (was, at, base, sameEpoch) => {
        const e = base.jwt && sameEpoch ? { ...base, jwt: { ...base.jwt, epoch: at } } : base
        const before = signedInState(at, was)
        const { effects } = decide(before, { type: 'locked', check: { kind: 'list' } }, e)
        const backingOff = was.backoffAttempt > 0 && was.nextDueAt > e.now
        const held = e.jwt
        if (backingOff) expect(effects).toEqual([])
        else if (held !== null && held.epoch === at && e.now - held.at < JWT_FRESH_MS) {
          expect(effects).toEqual([
            { kind: 'fetch-events', jwt: held.jwt, userId: was.userId, epoch: at },
          ])
        } else {
          expect(effects).toEqual([
            { kind: 'authenticate', session: was, epoch: at, due: 'requested' },
          ])
        }
      }),
    )
  })
})

describe('after a list arrives', () => {
  const body = JSON.stringify({
    data: [
      {
        id: 1,
        name: 'Berlin meetup',
        start_date: '2024-05-01',
        image_url: 'https://evil.example/a.png',
      },
      7,
    ],
  })

  it('keeps it for its holder, settles the taps kept before it was asked for, and reports new problems only', () => {
    const now = Date.UTC(2025, 0, 2)
    const e = {
      now,
      timing: TEST_TIMING,
      random: 0.5,
      imageOrigins: ['https://img.example'],
      jwt: null,
    }
    const was = { sessionToken: 't', userId: 'user-ana' } as EngineState['session']
    const before: EngineState = {
      ...signedInState(3, was),
      tapQueue: {
        taps: [
          {
            query: '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
            userId: 'user-ana',
            savedAt: 10,
          },
          {
            query: '?uid=041E3C8A2D6B80&ctr=000007&cmac=4B00064004B0B3D4',
            userId: 'user-ana',
            savedAt: 30,
          },
        ],
        attempt: 1,
        retryAt: 0,
      },
    }
    const answer = {
      type: 'events-answered' as const,
      epoch: 3,
      userId: 'user-ana',
      startedAt: 20,
      status: 200,
      contentType: 'application/json',
      body,
    }
    const { next, effects } = decide(before, answer, e)
    expect(next?.events).toMatchObject({ userId: 'user-ana', fetchedAt: now })
    expect(next?.events?.events.map((event) => [event.name, event.imageUrl])).toEqual([
      ['Berlin meetup', null],
    ])
    expect(next?.tapQueue.taps.map((tap) => tap.savedAt)).toEqual([30])
    expect(kinds(effects)).toEqual(['online', 'log', 'report', 'broadcast'])
    // The same problems as the holder's last list: not reported again.
    expect(kinds(decide(next!, answer, e).effects)).toEqual(['online', 'broadcast'])
    // A list for someone else is not kept.
    expect(decide(before, { ...answer, userId: 'user-ben' }, e)).toEqual({
      next: null,
      effects: [],
    })
  })

  it('an answer that is no list is a failure: told to the tabs, offline only when the service cannot be used', () => {
    const e = { now: 100, timing: TEST_TIMING, random: 0.5, imageOrigins: [], jwt: null }
    const before = signedInState(2, { userId: 'user-ana' } as EngineState['session'])
    const cases: [number, string | null, string, boolean][] = [
      [503, 'application/json', '{}', true],
      [200, 'text/html', '<html>portal</html>', true],
      [401, 'application/json', '{"message":"No card"}', false],
      [200, 'application/json', '{"data":"none"}', false],
    ]
    for (const [status, contentType, text, offline] of cases) {
      const event = {
        type: 'events-answered' as const,
        epoch: 2,
        userId: 'user-ana',
        startedAt: 0,
        status,
        contentType,
        body: text,
      }
      expect(kinds(decide(before, event, e).effects)).toEqual([
        'log',
        'report',
        'broadcast',
        ...(offline ? ['online'] : []),
      ])
    }
  })
})

describe('after a hand-off’s check', () => {
  const answers = (effects: Effect[]) =>
    effects.flatMap((effect) => (effect.kind === 'answer' ? [effect.result] : []))

  it('confirmed: kept in a new epoch, old calls ended, the sign-in told, then the list fetched', () => {
    fc.assert(
      fc.property(engineState, authenticated, env, (before, fresh, e) => {
        const { next, effects } = decide(
          before,
          {
            type: 'handoff-answered',
            epoch: before.epoch,
            outcome: { kind: 'success', session: fresh },
          },
          e,
        )
        expect(next?.epoch).toBe(before.epoch + 1)
        const { jwt, ...kept } = fresh
        expect(next?.session).toMatchObject({ ...kept, lastAuthAt: e.now, backoffAttempt: 0 })
        expect(next?.session).not.toHaveProperty('jwt')
        expect(effects).toContainEqual({ kind: 'remember-jwt', jwt, epoch: before.epoch + 1 })
        expect(kinds(effects)).toEqual([
          'abort-calls',
          'online',
          'broadcast',
          'answer',
          'remember-jwt',
          'fetch-events',
        ])
        expect(answers(effects)).toEqual([{ ok: true }])
        expect(effects.at(-1)).toEqual({
          kind: 'fetch-events',
          jwt: fresh.jwt,
          userId: fresh.userId,
          epoch: before.epoch + 1,
        })
      }),
    )
  })

  it('not confirmed: nothing kept or told to the tabs; unreachable only for no answer, a 5xx or a 429', () => {
    fc.assert(
      fc.property(engineState, outcome, env, (before, result, e) => {
        if (result.kind === 'success') return
        const { next, effects } = decide(
          before,
          { type: 'handoff-answered', epoch: before.epoch, outcome: result },
          e,
        )
        expect(next).toBeNull()
        expect(kinds(effects)).not.toContain('broadcast')
        const unreachable = result.kind === 'recoverable' && !result.unexpected
        expect(answers(effects)).toEqual([
          { ok: false, failure: unreachable ? 'unreachable' : 'refused' },
        ])
        expect(kinds(effects).includes('report')).toBe(
          result.kind === 'recoverable' && result.unexpected,
        )
      }),
    )
  })
})

describe('a session’s end', () => {
  it('starts a new epoch with nothing kept, tells every tab, and revokes only on the holder’s sign-out', () => {
    fc.assert(
      fc.property(engineState, signOutReason, fc.boolean(), env, (before, reason, byHolder, e) => {
        const event: EngineEvent = byHolder
          ? { type: 'sign-out', reason }
          : { type: 'session-ended', epoch: before.epoch, reason }
        const { next, effects } = decide(before, event, e)
        expect(next).toEqual(initialEngineState(before.epoch + 1))
        expect(effects.slice(0, 2)).toEqual([
          { kind: 'abort-calls' },
          { kind: 'broadcast', message: { v: 2, type: 'signout', reason } },
        ])
        const revoked = effects.flatMap((effect) =>
          effect.kind === 'revoke' ? [effect.session] : [],
        )
        expect(revoked).toEqual(byHolder && before.session !== null ? [before.session] : [])
      }),
    )
  })
})
