/**
 * The engine's persisted state (one key, so every compare-and-set is one atomic update), described
 * once, by the schema module: each type below is what its schema reads.
 */
import { parsePoapEventList } from './poap-event.ts'
import {
  anyString,
  count,
  custom,
  finiteNumber,
  literal,
  nonEmptyString,
  nullable,
  object,
  optional,
  optionalString,
  orWhenAbsent,
  refine,
  type Infer,
} from './schema.ts'
import { orElse, readableItems } from './schema-tolerant.ts'
import { parseTapParams } from './tap-params.ts'

/** Version of the stored layout; a stored value of another version is discarded. */
export const ENGINE_STATE_SCHEMA = 1

/**
 * What the record says in place of the JWT, which the worker keeps in memory only (decision 025):
 * the release before this one reads a session only with a non-empty `jwt`, so a rollback to it
 * keeps the holder signed in; it re-authenticates before it needs a JWT, and nothing here reads it.
 */
export const JWT_IN_MEMORY = 'kept-in-memory'

/**
 * The session the engine keeps alive (the provider's answer), with its schedule. Never its JWT
 * (see `JWT_IN_MEMORY`): a record written before keeps one, replaced at the first read.
 */
const storedSession = object({
  sessionToken: nonEmptyString,
  expiresAt: finiteNumber,
  userId: nonEmptyString,
  // Absent in state stored before it was kept: null until the next re-authentication fills it.
  sessionId: optionalString,
  email: optionalString,
  // Absent in state stored before phone sign-in: none.
  phone: optionalString,
  // Absent in state stored before it was kept: no fresh factor until the next sign-in.
  factorAt: orWhenAbsent(nullable(finiteNumber), () => null),
  lastAuthAt: finiteNumber,
  nextDueAt: finiteNumber,
  backoffAttempt: count,
})

/** The last event list fetched, and whose it is. */
const eventsCache = object({
  userId: nonEmptyString,
  events: custom(parsePoapEventList),
  fetchedAt: finiteNumber,
  /**
   * problemsKey of the body this list came from ('' when nothing was wrong), so the same problems
   * are reported once, not on every fetch. Absent from caches written before it.
   */
  problemsKey: optional(anyString),
})

/** A card tap that asked for a refresh which has not yet succeeded. */
const pendingTap = object({
  /** The tap's query as the card sent it (`?uid=…`), checked for format; it names the tap. */
  query: refine(nonEmptyString, (query) => parseTapParams(query).ok, 'a card tap query'),
  /** The holder who tapped: a tap is never settled for, or shown to, anyone else. */
  userId: nonEmptyString,
  /** When the engine took it: a refresh settles only the taps it started after. */
  savedAt: finiteNumber,
})

/** The taps waiting for a successful refresh, oldest first, and when to try again. */
const tapQueue = object({
  /** A tap that cannot be read is dropped on its own (all it ever asks for is a refresh). */
  taps: readableItems(pendingTap),
  /** Failed attempts in a row since the last success (drives the retry delay). */
  attempt: count,
  /** Epoch ms before which the schedule does not try again (a nudge from the network may). */
  retryAt: finiteNumber,
})

/** A queue with nothing in it. */
export const emptyTapQueue = (): TapQueue => ({ taps: [], attempt: 0, retryAt: 0 })

/**
 * Everything the engine persists, in one record. An unreadable events cache or tap queue is
 * dropped on its own (the session stays); anything else unreadable makes the record unreadable.
 */
const engineState = object({
  schema: literal(ENGINE_STATE_SCHEMA),
  /** Bumped by every sign-out and hand-off; a call begun under an older epoch writes nothing back. */
  epoch: count,
  session: nullable(storedSession),
  /** A bad list is fetched again, never costs the session. */
  events: orElse(nullable(eventsCache), () => null),
  /**
   * In the same record as the session, so a sign-out drops the taps in the same write; absent in
   * state stored before taps moved to the engine.
   */
  tapQueue: orElse(tapQueue, emptyTapQueue),
})

export type StoredSession = Infer<typeof storedSession>
export type EventsCache = Infer<typeof eventsCache>
export type PendingTap = Infer<typeof pendingTap>
export type TapQueue = Infer<typeof tapQueue>
export type EngineState = Infer<typeof engineState>

/** The state before anyone has signed in. */
export function initialEngineState(epoch = 0): EngineState {
  return {
    schema: ENGINE_STATE_SCHEMA,
    epoch,
    session: null,
    events: null,
    tapQueue: emptyTapQueue(),
  }
}

/** Validates a stored state; throws a ValidationError if it is not this schema. */
export function parseEngineState(value: unknown): EngineState {
  return engineState.read(value, 'state')
}

/** `state` as the record stores it: the session with `JWT_IN_MEMORY` where the JWT was. */
export function storedForm(state: EngineState): unknown {
  return state.session === null
    ? state
    : { ...state, session: { ...state.session, jwt: JWT_IN_MEMORY } }
}
