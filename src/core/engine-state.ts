/** The engine's persisted state (one key, so every compare-and-set is one atomic update) and its validation. */
import { parsePoapEventList, type PoapEvent } from './poap-event.ts'
import type { AuthenticatedSession } from './provider-session.ts'
import type { ScheduleFields } from './schedule.ts'
import { parseTapParams } from './tap-params.ts'
import {
  expectArray,
  expectCount,
  expectNumber,
  expectOptionalString,
  expectRecord,
  expectString,
  ValidationError,
} from './validation.ts'

/** Version of the stored layout; a stored value of another version is discarded. */
export const ENGINE_STATE_SCHEMA = 1

/** The session the engine keeps alive, with its schedule. */
export interface StoredSession extends AuthenticatedSession, ScheduleFields {}

/** The last event list fetched, and whose it is. */
export interface EventsCache {
  userId: string
  events: PoapEvent[]
  fetchedAt: number
  /**
   * problemsKey of the body this list came from ('' when nothing was wrong), so the same problems
   * are reported once, not on every fetch. Optional: caches written before it still read.
   */
  problemsKey?: string
}

/** A card tap that asked for a refresh which has not yet succeeded. */
export interface PendingTap {
  /** The tap's query as the card sent it (`?uid=…`), checked for format; it names the tap. */
  query: string
  /** The holder who tapped: a tap is never settled for, or shown to, anyone else. */
  userId: string
  /** When the engine took it: a refresh settles only the taps it started after. */
  savedAt: number
}

/** The taps waiting for a successful refresh, oldest first, and when to try again. */
export interface TapQueue {
  taps: PendingTap[]
  /** Failed attempts in a row since the last success (drives the retry delay). */
  attempt: number
  /** Epoch ms before which the schedule does not try again (a nudge from the network may). */
  retryAt: number
}

/** Everything the engine persists. */
export interface EngineState {
  schema: typeof ENGINE_STATE_SCHEMA
  /** Bumped by every sign-out and hand-off; a call begun under an older epoch writes nothing back. */
  epoch: number
  session: StoredSession | null
  events: EventsCache | null
  /** In the same record as the session, so a sign-out drops the taps in the same write. */
  tapQueue: TapQueue
}

/** A queue with nothing in it. */
export const emptyTapQueue = (): TapQueue => ({ taps: [], attempt: 0, retryAt: 0 })

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

function parseSession(value: unknown): StoredSession | null {
  if (value === null) return null
  const raw = expectRecord(value, 'session')
  return {
    sessionToken: expectString(raw.sessionToken, 'session.sessionToken'),
    jwt: expectString(raw.jwt, 'session.jwt'),
    expiresAt: expectNumber(raw.expiresAt, 'session.expiresAt'),
    userId: expectString(raw.userId, 'session.userId'),
    // Absent in state stored before it was kept: null until the next re-authentication fills it.
    sessionId: expectOptionalString(raw.sessionId, 'session.sessionId'),
    email: expectOptionalString(raw.email, 'session.email'),
    // Absent in state stored before phone sign-in: none.
    phone: raw.phone === undefined ? null : expectOptionalString(raw.phone, 'session.phone'),
    // Absent in state stored before it was kept: no fresh factor until the next sign-in.
    factorAt:
      raw.factorAt === undefined || raw.factorAt === null
        ? null
        : expectNumber(raw.factorAt, 'session.factorAt'),
    lastAuthAt: expectNumber(raw.lastAuthAt, 'session.lastAuthAt'),
    nextDueAt: expectNumber(raw.nextDueAt, 'session.nextDueAt'),
    backoffAttempt: expectCount(raw.backoffAttempt, 'session.backoffAttempt'),
  }
}

function parseEvents(value: unknown): EventsCache | null {
  if (value === null) return null
  const raw = expectRecord(value, 'events')
  const cache: EventsCache = {
    userId: expectString(raw.userId, 'events.userId'),
    events: parsePoapEventList(raw.events, 'events.events'),
    fetchedAt: expectNumber(raw.fetchedAt, 'events.fetchedAt'),
  }
  if (raw.problemsKey !== undefined) {
    cache.problemsKey = expectString(raw.problemsKey, 'events.problemsKey', true)
  }
  return cache
}

/** The events cache, or null when it cannot be read: a bad list is fetched again, never costs the session. */
function parseEventsOrDrop(value: unknown): EventsCache | null {
  try {
    return parseEvents(value)
  } catch {
    return null
  }
}

function parsePendingTap(value: unknown, path: string): PendingTap {
  const raw = expectRecord(value, path)
  const query = expectString(raw.query, `${path}.query`)
  if (!parseTapParams(query).ok) throw new ValidationError(`${path}.query`, 'a card tap query')
  return {
    query,
    userId: expectString(raw.userId, `${path}.userId`),
    savedAt: expectNumber(raw.savedAt, `${path}.savedAt`),
  }
}

/**
 * The tap queue; absent in state stored before taps moved to the engine. A tap that cannot be
 * read is dropped on its own (all it ever asks for is a refresh).
 */
function parseTapQueue(value: unknown): TapQueue {
  if (value === undefined) return emptyTapQueue()
  try {
    const raw = expectRecord(value, 'tapQueue')
    const taps: PendingTap[] = []
    for (const [index, item] of expectArray(raw.taps, 'tapQueue.taps').entries()) {
      try {
        taps.push(parsePendingTap(item, `tapQueue.taps[${index}]`))
      } catch {
        // Unreadable: this tap is gone, the others stay.
      }
    }
    return {
      taps,
      attempt: expectCount(raw.attempt, 'tapQueue.attempt'),
      retryAt: expectNumber(raw.retryAt, 'tapQueue.retryAt'),
    }
  } catch {
    return emptyTapQueue()
  }
}

/**
 * Validates a stored state; throws a ValidationError if it is not this schema. An unreadable
 * events cache or tap queue is dropped on its own (the session stays).
 */
export function parseEngineState(value: unknown): EngineState {
  const raw = expectRecord(value, 'state')
  if (raw.schema !== ENGINE_STATE_SCHEMA) throw new ValidationError('state.schema', '1')
  return {
    schema: ENGINE_STATE_SCHEMA,
    epoch: expectCount(raw.epoch, 'state.epoch'),
    session: parseSession(raw.session),
    events: parseEventsOrDrop(raw.events),
    tapQueue: parseTapQueue(raw.tapQueue),
  }
}
