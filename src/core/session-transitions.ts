/**
 * The session's state transitions: pure functions from the stored state to the next one, or null
 * to write nothing. The engine's decision (src/core/session-decide.ts) applies them, after its
 * epoch check; the runner writes the result in one atomic update. Reading this file names every
 * way the stored session, its event list and its pending taps can change (and `look` in the
 * decision drops a list too old to show).
 *
 * The states, and what moves between them:
 *
 *   signed out  ── handedOff ─────────▶  signed in      (new epoch; another holder's list, taps go)
 *   signed in   ── reauthenticated ───▶  signed in      (fresh JWT, the next call scheduled)
 *   signed in   ── reauthFailed ──────▶  backing off    (the next try after 2^n backoff)
 *   backing off ── reauthFailed ──────▶  backing off    (a longer wait)
 *   backing off ── reauthenticated ───▶  signed in
 *   any         ── signedOut ─────────▶  signed out     (new epoch, nothing kept)
 *   any         ── handedOff ─────────▶  signed in      (a new hand-off replaces the session)
 *
 * While signed in (or backing off): `tapKept` adds a pending tap, `eventsFetched` keeps the list
 * and settles the taps kept before it was asked for, `tapsFailed` makes them wait longer,
 * `passkeyRegistered` renews the session.
 */
import type { AuthenticatedSession } from './provider-session.ts'
import {
  emptyTapQueue,
  initialEngineState,
  type EngineState,
  type EventsCache,
  type PendingTap,
  type StoredSession,
  type TapQueue,
} from './engine-state.ts'

/** The provider's answer as the record keeps it: all but the JWT, which stays in memory. */
export type KeptSession = Omit<AuthenticatedSession, 'jwt'>

/** A change of the stored state: the next state, or null to leave it as it is. */
export type Transition = (state: EngineState) => EngineState | null

/** The events cache when it is `userId`'s, else none: another holder's list is never kept. */
const eventsOf = (state: EngineState, userId: string) =>
  state.events?.userId === userId ? state.events : null

/** The queue after a sign-in of `userId`: their own taps stay, anyone else's are dropped. */
function tapsOf(queue: TapQueue, userId: string): TapQueue {
  const taps = queue.taps.filter((tap) => tap.userId === userId)
  return taps.length === 0 ? emptyTapQueue() : { ...queue, taps }
}

/**
 * A hand-off the provider confirmed: a new epoch with `session`. The holder's own list and taps
 * stay; another holder's are dropped.
 */
export const handedOff =
  (session: StoredSession) =>
  (state: EngineState): EngineState => ({
    ...state,
    epoch: state.epoch + 1,
    session,
    events: eventsOf(state, session.userId),
    tapQueue: tapsOf(state.tapQueue, session.userId),
  })

/** The session ended (sign-out, or the provider ended it): a new epoch with nothing kept. */
export const signedOut = (state: EngineState): EngineState => initialEngineState(state.epoch + 1)

/** A re-authentication succeeded: `next` is the session with its new schedule. */
export const reauthenticated =
  (next: StoredSession): Transition =>
  (state) =>
    state.session === null
      ? null
      : { ...state, session: next, events: eventsOf(state, next.userId) }

/**
 * A re-authentication failed without ending the session: it is tried again after the backoff
 * `delayFor(attempt)` names for the failures so far.
 */
export const reauthFailed =
  (now: number, delayFor: (attempt: number) => number): Transition =>
  (state) => {
    if (state.session === null) return null
    const attempt = state.session.backoffAttempt
    const nextDueAt = now + delayFor(attempt)
    return { ...state, session: { ...state.session, backoffAttempt: attempt + 1, nextDueAt } }
  }

/** A refresh failed: pending taps wait, longer after each failure, before the schedule retries. */
export const tapsFailed =
  (now: number, delayFor: (attempt: number) => number): Transition =>
  (state) => {
    const queue = state.tapQueue
    if (queue.taps.length === 0) return null
    return {
      ...state,
      tapQueue: { ...queue, attempt: queue.attempt + 1, retryAt: now + delayFor(queue.attempt) },
    }
  }

/**
 * A list of events arrived for the signed-in holder: it is kept, and it settles every tap kept
 * before it was asked for (`startedAt`); a list for anyone else is not kept.
 */
export const eventsFetched =
  (cache: EventsCache, startedAt: number): Transition =>
  (state) => {
    if (state.session?.userId !== cache.userId) return null
    const taps = state.tapQueue.taps.filter((tap) => tap.savedAt > startedAt)
    const tapQueue = taps.length === 0 ? emptyTapQueue() : { ...state.tapQueue, taps }
    return { ...state, events: cache, tapQueue }
  }

/**
 * Whether `cache` brings problems the holder's last list did not have: bad entries come back on
 * every fetch, so they are told only when they differ.
 */
export function newProblems(state: EngineState, cache: EventsCache): boolean {
  const previous = eventsOf(state, cache.userId)?.problemsKey ?? ''
  const key = cache.problemsKey ?? ''
  return key !== '' && key !== previous
}

/**
 * A signed-in holder tapped a card: the tap is kept once (the same link opened again is the same
 * tap, kept as new), the oldest dropped beyond `max`. Without a session nothing is kept.
 */
export const tapKept =
  (query: string, savedAt: number, max: number): Transition =>
  (state) => {
    const session = state.session
    if (session === null) return null
    const tap: PendingTap = { query, userId: session.userId, savedAt }
    const taps = [...state.tapQueue.taps.filter((kept) => kept.query !== query), tap].slice(-max)
    return { ...state, tapQueue: { ...state.tapQueue, taps } }
  }

/**
 * A passkey registration's answer carries the session with its new factor. The factor is the
 * credential the page made, no proof the holder is here: the freshness stays the sign-in's.
 */
export const passkeyRegistered =
  (fresh: KeptSession): Transition =>
  (state) =>
    state.session?.userId === fresh.userId
      ? { ...state, session: { ...state.session, ...fresh, factorAt: state.session.factorAt } }
      : null
