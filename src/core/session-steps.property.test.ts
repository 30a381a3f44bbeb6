/** Properties of what each outcome leads to: the state change and the effects, decided as data. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UNRECOVERABLE_ERROR_TYPES } from './constants.ts'
import { initialEngineState, type EngineState, type StoredSession } from './engine-state.ts'
import type { AuthenticateOutcome } from './authenticate-response.ts'
import {
  afterEventsArrived,
  afterEventsFailed,
  afterHandoffCheck,
  afterSessionEnd,
  afterReauth,
  type Effect,
  type ReauthCall,
} from './session-steps.ts'
import { EventsResponseError } from './events-response.ts'
import {
  authenticatedSession as authenticated,
  epochMs as time,
  storedSession as session,
} from './testing/arbitraries.ts'
import { ValidationError } from './validation.ts'
import { TEST_TIMING } from './timing.ts'

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

const call: fc.Arbitrary<ReauthCall> = fc.record({
  epoch: fc.nat({ max: 5 }),
  session,
  due: fc.constantFrom('scheduled', 'expiring', 'load', 'clock-moved-back', 'requested'),
  now: time,
  timing: fc.constant(TEST_TIMING),
  delayFor: fc.constant((attempt: number) => 500 * 2 ** attempt),
})

/** The state the call's step meets: its own session and epoch, or a later epoch. */
const stateFor = (c: ReauthCall, epochMoved: boolean): EngineState => ({
  ...initialEngineState(c.epoch + (epochMoved ? 1 : 0)),
  session: c.session,
})

const kinds = (effects: Effect[]) => effects.map((effect) => effect.kind)

describe('after a re-authentication', () => {
  it('a success keeps the fresh session, tells its expiry and fetches with its JWT, in that epoch', () => {
    fc.assert(
      fc.property(authenticated, call, (fresh, c) => {
        const step = afterReauth({ kind: 'success', session: fresh }, c)
        const written = step.transition?.(stateFor(c, false))
        expect(written?.session).toMatchObject({ ...fresh, lastAuthAt: c.now, backoffAttempt: 0 })
        expect(written?.session?.nextDueAt).toBeGreaterThan(c.now)
        expect(step.then(null)).toEqual([
          { kind: 'online', online: true },
          { kind: 'broadcast', message: { v: 2, type: 'session', expiresAt: fresh.expiresAt } },
          { kind: 'fetch-events', jwt: fresh.jwt, userId: fresh.userId, epoch: c.epoch },
        ])
        // After a sign-out or hand-off, nothing is written and nothing but a note follows.
        expect(step.transition?.(stateFor(c, true))).toBeNull()
        expect(kinds(step.otherwise)).toEqual(['log'])
      }),
    )
  })

  it('an unrecoverable answer ends that session, and only that one, announcing nothing else', () => {
    fc.assert(
      fc.property(call, fc.constantFrom(...UNRECOVERABLE_ERROR_TYPES), (c, errorType) => {
        const step = afterReauth({ kind: 'unrecoverable', errorType, status: 401 }, c)
        expect(step.transition).toBeNull()
        const effects = step.then(null)
        expect(effects).toContainEqual({ kind: 'end-session', reason: errorType, epoch: c.epoch })
        expect(kinds(effects)).not.toContain('broadcast')
        expect(kinds(effects)).not.toContain('fetch-events')
      }),
    )
  })

  it('a recoverable failure backs off, holds the taps, and is reported only when unexpected', () => {
    fc.assert(
      fc.property(outcome, call, (result, c) => {
        if (result.kind !== 'recoverable') return
        const step = afterReauth(result, c)
        const written = step.transition?.(stateFor(c, false))
        expect(written?.session?.backoffAttempt).toBe(c.session.backoffAttempt + 1)
        expect(written?.session?.nextDueAt).toBe(c.now + c.delayFor(c.session.backoffAttempt))
        const effects = step.then(null)
        expect(effects.slice(0, 2)).toEqual([
          { kind: 'online', online: false },
          { kind: 'taps-failed', epoch: c.epoch },
        ])
        expect(kinds(effects).includes('report')).toBe(result.unexpected)
        expect(kinds(effects)).not.toContain('end-session')
      }),
    )
  })

  it('never puts a credential in a log, a report or a broadcast', () => {
    fc.assert(
      fc.property(outcome, call, (result, c) => {
        const step = afterReauth(result, c)
        const said = JSON.stringify(
          [...step.then(null), ...step.otherwise]
            .filter((effect) => effect.kind !== 'fetch-events')
            .map((effect) =>
              effect.kind === 'report' ? [String(effect.error), effect.context] : effect,
            ),
        )
        const secrets = [c.session.sessionToken, c.session.jwt]
        if (result.kind === 'success') secrets.push(result.session.sessionToken)
        for (const secret of secrets) expect(said).not.toContain(secret)
      }),
    )
  })
})

describe('after a list arrives', () => {
  const problems = { dropped: 1, unknownStatuses: ['claimed'], unreadableFields: ['city'] }

  it('keeps it for its holder in its epoch, sends it, and reports new problems only', () => {
    const cache = { userId: 'user-ana', events: [], fetchedAt: 5, problemsKey: 'dropped=1' }
    const step = afterEventsArrived({ epoch: 3, cache, startedAt: 4, problems })
    const before: EngineState = {
      ...initialEngineState(3),
      session: { ...({} as StoredSession), userId: 'user-ana' },
    }
    expect(step.transition?.(before)?.events).toEqual(cache)
    expect(step.transition?.({ ...before, epoch: 4 })).toBeNull()
    expect(kinds(step.then(before))).toEqual(['online', 'log', 'report', 'broadcast'])
    // The same problems as the holder's last list: not reported again.
    expect(kinds(step.then({ ...before, events: cache }))).toEqual(['online', 'broadcast'])
    const report = step.then(before).find((effect) => effect.kind === 'report')
    expect(report?.kind === 'report' && report.context).toEqual({
      op: 'poap-events-data',
      dropped: 1,
      unknownStatuses: 'claimed',
      unreadableFields: 'city',
    })
  })
})

describe('after a hand-off’s check', () => {
  const check = fc.record({
    startEpoch: fc.nat({ max: 5 }),
    now: time,
    timing: fc.constant(TEST_TIMING),
  })
  const answers = (effects: Effect[]) =>
    effects.flatMap((effect) => (effect.kind === 'answer' ? [effect.result] : []))

  it('confirmed: kept in a new epoch, old calls ended, the sign-in told, then the list fetched', () => {
    fc.assert(
      fc.property(authenticated, check, (fresh, c) => {
        const step = afterHandoffCheck({ kind: 'success', session: fresh }, c)
        const written = step.transition?.(initialEngineState(c.startEpoch))
        expect(written?.epoch).toBe(c.startEpoch + 1)
        expect(written?.session).toMatchObject({ ...fresh, lastAuthAt: c.now, backoffAttempt: 0 })
        const effects = step.then(null)
        expect(kinds(effects)).toEqual([
          'abort-calls',
          'online',
          'broadcast',
          'answer',
          'fetch-events',
        ])
        expect(answers(effects)).toEqual([{ ok: true }])
        expect(effects.at(-1)).toEqual({
          kind: 'fetch-events',
          jwt: fresh.jwt,
          userId: fresh.userId,
          epoch: c.startEpoch + 1,
        })
      }),
    )
  })

  it('overtaken by a sign-out or another hand-off: nothing kept, refused, no outage', () => {
    fc.assert(
      fc.property(outcome, check, (result, c) => {
        const step = afterHandoffCheck(result, c)
        expect(step.transition?.(initialEngineState(c.startEpoch + 1)) ?? null).toBeNull()
        expect(answers(step.otherwise)).toEqual([{ ok: false, failure: 'refused' }])
        expect(kinds(step.otherwise)).not.toContain('online')
      }),
    )
  })

  it('not confirmed: nothing kept or told to the tabs; unreachable only for no answer, a 5xx or a 429', () => {
    fc.assert(
      fc.property(outcome, check, (result, c) => {
        if (result.kind === 'success') return
        const step = afterHandoffCheck(result, c)
        expect(step.transition).toBeNull()
        expect(step.onlyInEpoch).toBe(c.startEpoch)
        const effects = step.then(null)
        expect(kinds(effects)).not.toContain('broadcast')
        expect(kinds(effects)).not.toContain('fetch-events')
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

describe('after a session ends', () => {
  it('starts a new epoch with nothing kept, tells every tab, and revokes the session it ended when asked', () => {
    fc.assert(
      fc.property(
        fc.option(session, { nil: null }),
        fc.nat({ max: 5 }),
        fc.boolean(),
        fc.constantFrom('user' as const, ...UNRECOVERABLE_ERROR_TYPES),
        (ended, epoch, revoke, reason) => {
          const before: EngineState = { ...initialEngineState(epoch), session: ended }
          const step = afterSessionEnd({ reason, revoke })
          expect(step.transition?.(before)).toEqual(initialEngineState(epoch + 1))
          const effects = step.then(before)
          expect(effects.slice(0, 2)).toEqual([
            { kind: 'abort-calls' },
            { kind: 'broadcast', message: { v: 2, type: 'signout', reason } },
          ])
          const revoked = effects.flatMap((effect) =>
            effect.kind === 'revoke' ? [effect.session] : [],
          )
          expect(revoked).toEqual(revoke && ended !== null ? [ended] : [])
        },
      ),
    )
  })

  it('for a call’s outcome, ends only the session of its epoch: a newer sign-in survives', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5 }), (epoch) => {
        const step = afterSessionEnd({
          reason: 'session_not_found',
          revoke: false,
          onlyEpoch: epoch,
        })
        expect(step.transition?.(initialEngineState(epoch + 1))).toBeNull()
        expect(step.otherwise).toEqual([])
      }),
    )
  })
})

describe('after an events fetch fails', () => {
  it('tells the tabs and holds the taps; offline only when the service cannot be used', () => {
    const cases: [unknown, boolean][] = [
      [new DOMException('timed out', 'TimeoutError'), true],
      [new EventsResponseError(503, 'HTTP 503'), true],
      [new EventsResponseError(429, 'HTTP 429'), true],
      [new EventsResponseError(401, 'HTTP 401'), false],
      [new ValidationError('data', 'an array'), false],
    ]
    for (const [error, offline] of cases) {
      const step = afterEventsFailed(error, 2)
      expect(step.transition).toBeNull()
      expect(step.onlyInEpoch).toBe(2)
      const effects = step.then(null)
      expect(kinds(effects)).toEqual([
        'log',
        'report',
        'broadcast',
        ...(offline ? ['online'] : []),
        'taps-failed',
      ])
      expect(effects).toContainEqual({ kind: 'taps-failed', epoch: 2 })
    }
  })
})
