/** The engine's persisted state (one key, so every compare-and-set is one atomic update) and its validation. */
import { parsePoapEventList, type PoapEvent } from './poap-event'
import type { AuthenticatedSession } from './provider-session'
import type { ScheduleFields } from './schedule'
import {
  expectCount,
  expectNumber,
  expectOptionalString,
  expectRecord,
  expectString,
  ValidationError,
} from './validation'

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

/** Everything the engine persists. */
export interface EngineState {
  schema: typeof ENGINE_STATE_SCHEMA
  /** Bumped by every sign-out and hand-off; a call begun under an older epoch writes nothing back. */
  epoch: number
  session: StoredSession | null
  events: EventsCache | null
}

/** The state before anyone has signed in. */
export function initialEngineState(epoch = 0): EngineState {
  return { schema: ENGINE_STATE_SCHEMA, epoch, session: null, events: null }
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

/**
 * Validates a stored state; throws a ValidationError if it is not this schema. An unreadable
 * events cache is dropped on its own (the session stays).
 */
export function parseEngineState(value: unknown): EngineState {
  const raw = expectRecord(value, 'state')
  if (raw.schema !== ENGINE_STATE_SCHEMA) throw new ValidationError('state.schema', '1')
  return {
    schema: ENGINE_STATE_SCHEMA,
    epoch: expectCount(raw.epoch, 'state.epoch'),
    session: parseSession(raw.session),
    events: parseEventsOrDrop(raw.events),
  }
}
