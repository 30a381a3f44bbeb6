/**
 * Properties of the session's transitions: what a sign-out and a hand-off keep,
 * that no holder's list or taps reach another, and that every state written reads back as it was.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseEngineState, type EngineState } from './engine-state.ts'
import {
  eventsFetched,
  handedOff,
  newProblems,
  passkeyRegistered,
  reauthenticated,
  reauthFailed,
  signedOut,
  tapKept,
  tapsFailed,
  type Transition,
} from './session-transitions.ts'
import {
  engineState as state,
  epochMs as time,
  eventsCache as cache,
  storedSession as session,
  tapQuery,
} from './testing/arbitraries.ts'

/** A backoff that names its attempt, so a property can tell which attempt it was given. */
const delayFor = (attempt: number) => 1000 * (attempt + 1)

/** Every transition, over generated inputs. */
const anyTransition: fc.Arbitrary<[string, Transition]> = fc.oneof(
  fc.constant(['signedOut', signedOut] as [string, Transition]),
  session.map((s): [string, Transition] => ['handedOff', handedOff(s)]),
  session.map((s): [string, Transition] => ['reauthenticated', reauthenticated(s)]),
  time.map((now): [string, Transition] => ['reauthFailed', reauthFailed(now, delayFor)]),
  time.map((now): [string, Transition] => ['tapsFailed', tapsFailed(now, delayFor)]),
  fc
    .tuple(cache, time)
    .map(([c, at]): [string, Transition] => ['eventsFetched', eventsFetched(c, at)]),
  fc
    .tuple(tapQuery, time, fc.integer({ min: 1, max: 5 }))
    .map(([q, at, max]): [string, Transition] => ['tapKept', tapKept(q, at, max)]),
  session.map((s): [string, Transition] => ['passkeyRegistered', passkeyRegistered(s)]),
)

/** The taps of `s` as `query@userId`, in order. */
const tapNames = (s: EngineState) => s.tapQueue.taps.map((tap) => `${tap.query}@${tap.userId}`)

describe('session transitions', () => {
  it('write only states that read back as written, and never move the epoch back', () => {
    fc.assert(
      fc.property(state, anyTransition, (before, [, transition]) => {
        const after = transition(before)
        if (after === null) return
        expect(parseEngineState(JSON.parse(JSON.stringify(after)))).toEqual(after)
        expect(after.epoch).toBeGreaterThanOrEqual(before.epoch)
      }),
    )
  })

  it('keep the signed-in holder’s list only: never another holder’s', () => {
    /** The invariant of every state the engine writes: no list but the signed-in holder's. */
    const ownListOnly = (s: EngineState) =>
      s.events === null || (s.session !== null && s.events.userId === s.session.userId)
    fc.assert(
      fc.property(state.filter(ownListOnly), anyTransition, (before, [name, transition]) => {
        const after = transition(before)
        if (after !== null) expect(ownListOnly(after), name).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('a hand-off keeps no other holder’s list or taps, whatever it finds', () => {
    fc.assert(
      fc.property(state, session, (before, next) => {
        const after = handedOff(next)(before)
        expect([after.events?.userId ?? next.userId]).toEqual([next.userId])
        expect(after.tapQueue.taps.every((tap) => tap.userId === next.userId)).toBe(true)
      }),
    )
  })

  it('a sign-out keeps nothing, in a new epoch', () => {
    fc.assert(
      fc.property(state, (before) => {
        const after = signedOut(before)
        expect(after).toMatchObject({ epoch: before.epoch + 1, session: null, events: null })
        expect(after?.tapQueue.taps).toEqual([])
      }),
    )
  })

  it('a hand-off starts a new epoch and keeps that holder’s own taps, in order', () => {
    fc.assert(
      fc.property(state, session, (before, next) => {
        const after = handedOff(next)(before)
        expect(after?.epoch).toBe(before.epoch + 1)
        expect(after?.session).toEqual(next)
        const own = before.tapQueue.taps.filter((tap) => tap.userId === next.userId)
        expect(after?.tapQueue.taps).toEqual(own)
      }),
    )
  })

  it('a failed re-authentication backs off from the attempt it failed, and needs a session', () => {
    fc.assert(
      fc.property(state, time, (before, now) => {
        const after = reauthFailed(now, delayFor)(before)
        if (before.session === null) {
          expect(after).toBeNull()
          return
        }
        const attempt = before.session.backoffAttempt
        expect(after?.session).toMatchObject({
          backoffAttempt: attempt + 1,
          nextDueAt: now + delayFor(attempt),
        })
      }),
    )
  })

  it('failed taps wait longer after each failure; no taps, nothing written', () => {
    fc.assert(
      fc.property(state, time, (before, now) => {
        const after = tapsFailed(now, delayFor)(before)
        if (before.tapQueue.taps.length === 0) {
          expect(after).toBeNull()
          return
        }
        expect(after?.tapQueue).toEqual({
          taps: before.tapQueue.taps,
          attempt: before.tapQueue.attempt + 1,
          retryAt: now + delayFor(before.tapQueue.attempt),
        })
      }),
    )
  })

  it('a list settles exactly the taps kept before it was asked for, and only the holder’s list is kept', () => {
    fc.assert(
      fc.property(state, cache, time, (before, list, startedAt) => {
        const after = eventsFetched(list, startedAt)(before)
        if (before.session?.userId !== list.userId) {
          expect(after).toBeNull()
          return
        }
        expect(after?.events).toEqual(list)
        expect(after?.tapQueue.taps).toEqual(
          before.tapQueue.taps.filter((tap) => tap.savedAt > startedAt),
        )
      }),
    )
  })

  it('a tap is kept once, newest last, for the signed-in holder, at most `max` kept', () => {
    fc.assert(
      fc.property(state, tapQuery, time, fc.integer({ min: 1, max: 5 }), (before, q, at, max) => {
        const after = tapKept(q, at, max)(before)
        if (before.session === null) {
          expect(after).toBeNull()
          return
        }
        const taps = after?.tapQueue.taps ?? []
        expect(taps.at(-1)).toEqual({ query: q, userId: before.session.userId, savedAt: at })
        expect(taps.filter((tap) => tap.query === q)).toHaveLength(1)
        expect(taps.length).toBeLessThanOrEqual(max)
        const others = tapNames(before).filter((name) => !name.startsWith(`${q}@`))
        // The others keep their order; beyond `max`, the oldest go.
        const kept = max === 1 ? [] : others.slice(-(max - 1))
        expect(
          tapNames({ ...before, tapQueue: { ...before.tapQueue, taps } }).slice(0, -1),
        ).toEqual(kept)
      }),
    )
  })

  it('a registered passkey renews the holder’s session but not when they last proved presence', () => {
    fc.assert(
      fc.property(state, session, (before, fresh) => {
        const after = passkeyRegistered(fresh)(before)
        if (before.session?.userId !== fresh.userId) {
          expect(after).toBeNull()
          return
        }
        expect(after?.session).toEqual({ ...fresh, factorAt: before.session.factorAt })
      }),
    )
  })

  it('problems are news when the list has some and the holder’s last list had others', () => {
    fc.assert(
      fc.property(state, cache, (before, list) => {
        const last = before.events?.userId === list.userId ? before.events.problemsKey : ''
        expect(newProblems(before, list)).toBe(list.problemsKey !== '' && list.problemsKey !== last)
        // Once kept, the same list's problems are no longer news.
        const signedIn = before.session && { ...before.session, userId: list.userId }
        const kept = eventsFetched(list, 0)({ ...before, session: signedIn })
        if (kept !== null) expect(newProblems(kept, list)).toBe(false)
      }),
    )
  })
})
