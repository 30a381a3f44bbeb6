/**
 * What each outcome of a call leads to, as data: the state change (a transition of
 * `session-transitions.ts`) and the effects to perform after it, or when it wrote nothing. The
 * engine's runner (`run` in src/core/session-engine.ts) performs them through the ports; these
 * functions decide, and are pure.
 */
import type { EngineState, EventsCache, StoredSession } from './engine-state.ts'
import type { PoapEventProblems } from './poap-events-body.ts'
import {
  PROTOCOL_VERSION,
  WORKER_MESSAGE,
  type HandoffResult,
  type ReportContext,
  type SignOutReason,
  type WorkerMessage,
} from './protocol.ts'
import type { AuthenticateOutcome } from './authenticate-response.ts'
import { nextDueAfterSuccess, type DueReason, type ScheduleTiming } from './schedule.ts'
import { BodyTooLargeError } from './body-too-large.ts'
import { describeEventsFailure, EventsResponseError } from './events-response.ts'
import { ValidationError } from './validation.ts'
import {
  eventsFetched,
  handedOff,
  inEpoch,
  newProblems,
  reauthenticated,
  reauthFailed,
  signedOut,
  type Transition,
} from './session-transitions.ts'

/** Something the engine does through its ports once a step's state is decided. */
export type Effect =
  /** The services answered (true) or could not be used (false): the status tabs see. */
  | { kind: 'online'; online: boolean }
  | { kind: 'broadcast'; message: WorkerMessage }
  /** Fetches the holder's events with a fresh JWT, under the session's epoch. */
  | { kind: 'fetch-events'; jwt: string; userId: string; epoch: number }
  /** Ends the session of `epoch` (not a newer one), without revoking: the provider ended it. */
  | { kind: 'end-session'; reason: SignOutReason; epoch: number }
  /** Pending taps wait longer before the schedule tries them again. */
  | { kind: 'taps-failed'; epoch: number }
  | {
      kind: 'log'
      level: 'info' | 'warn' | 'error'
      message: string
      details?: Record<string, unknown>
    }
  /** Reports an error (without the engine's secrets, which the reporter scrubs). */
  | { kind: 'report'; error: unknown; context: ReportContext }
  /** Aborts the calls of the session that was (a new one takes its place). */
  | { kind: 'abort-calls' }
  /** Answers the page that asked (a hand-off's result). */
  | { kind: 'answer'; result: HandoffResult }
  /** Revokes the session that ended, best effort. */
  | { kind: 'revoke'; session: StoredSession }

/** A state change and what follows it. */
export interface Step {
  /** The change, or null when there is none to make. */
  transition: Transition | null
  /**
   * Without a change: the epoch the effects belong to. If the state has left it (a sign-out or
   * hand-off came first), `otherwise` follows instead of `then`.
   */
  onlyInEpoch?: number
  /** The effects once the change was written (at once without one), given the state it replaced. */
  then: (before: EngineState | null) => Effect[]
  /** The effects when the transition wrote nothing (a sign-out or hand-off came first). */
  otherwise: Effect[]
}

/** What a re-authentication was made for: the session and epoch it started under, and why. */
export interface ReauthCall {
  epoch: number
  session: StoredSession
  due: DueReason | 'requested'
  /** When the answer came. */
  now: number
  timing: ScheduleTiming
  /** The backoff before the next try after `attempt` failures in a row. */
  delayFor: (attempt: number) => number
}

/** What a re-authentication's outcome leads to. */
export function afterReauth(outcome: AuthenticateOutcome, call: ReauthCall): Step {
  const { epoch, session, now } = call
  if (outcome.kind === 'success') {
    const fresh = outcome.session
    // A scheduled call on time keeps the cadence; any other starts it again from now.
    const scheduledFor =
      call.due === 'scheduled' && session.backoffAttempt === 0 ? session.nextDueAt : null
    const next: StoredSession = {
      ...fresh,
      lastAuthAt: now,
      nextDueAt: nextDueAfterSuccess(now, fresh.expiresAt, scheduledFor, call.timing),
      backoffAttempt: 0,
    }
    return {
      transition: inEpoch(epoch, reauthenticated(next)),
      then: () => [
        { kind: 'online', online: true },
        {
          kind: 'broadcast',
          message: {
            v: PROTOCOL_VERSION,
            type: WORKER_MESSAGE.session,
            expiresAt: fresh.expiresAt,
          },
        },
        { kind: 'fetch-events', jwt: fresh.jwt, userId: fresh.userId, epoch },
      ],
      otherwise: [
        {
          kind: 'log',
          level: 'info',
          message: 'Discarded a re-authentication that finished after its session ended',
        },
      ],
    }
  }
  if (outcome.kind === 'unrecoverable') {
    // Only in its epoch: an answer a sign-out or a new hand-off overtook says nothing of the
    // session there is now, and changes nothing.
    return {
      transition: null,
      onlyInEpoch: epoch,
      then: () => [
        { kind: 'online', online: true },
        {
          kind: 'log',
          level: 'warn',
          message: 'Session ended by the provider',
          details: { errorType: outcome.errorType },
        },
        { kind: 'end-session', reason: outcome.errorType, epoch },
      ],
      otherwise: [
        {
          kind: 'log',
          level: 'info',
          message: 'Discarded a re-authentication that finished after its session ended',
        },
      ],
    }
  }
  // No answer, a 5xx, a 429 or a garbled body: either way the service cannot be used now.
  const attempt = session.backoffAttempt
  return {
    transition: inEpoch(epoch, reauthFailed(now, call.delayFor)),
    then: () => [
      { kind: 'online', online: false },
      { kind: 'taps-failed', epoch },
      {
        kind: 'log',
        level: 'warn',
        message: 'Re-authentication failed; will retry',
        details: { reason: outcome.reason, attempt },
      },
      ...(outcome.unexpected
        ? [
            {
              kind: 'report' as const,
              error: new Error(`Error authenticating session: ${outcome.reason}`),
              context: { op: 'reauthenticate', status: outcome.status ?? 0 },
            },
          ]
        : []),
    ],
    otherwise: [],
  }
}

/** A list of events that arrived for the session of `epoch`, as the engine will keep it. */
export interface ArrivedEvents {
  epoch: number
  cache: EventsCache
  /** When it was asked for: it settles the taps kept before. */
  startedAt: number
  /** What could not be read of it. */
  problems: PoapEventProblems
}

/**
 * What a list's arrival leads to: it is kept (settling the taps it covers) and sent to every tab;
 * problems the holder's last list did not have are logged and reported, as counts, status words
 * and field names only (never names, descriptions or places).
 */
export function afterEventsArrived({ epoch, cache, startedAt, problems }: ArrivedEvents): Step {
  const message: WorkerMessage = {
    v: PROTOCOL_VERSION,
    type: WORKER_MESSAGE.events,
    events: cache.events,
    fetchedAt: cache.fetchedAt,
    source: 'network',
  }
  const context: ReportContext = {
    op: 'poap-events-data',
    dropped: problems.dropped,
    unknownStatuses: problems.unknownStatuses.join(','),
    unreadableFields: problems.unreadableFields.join(','),
    ...(problems.overCap === undefined ? {} : { overCap: problems.overCap }),
  }
  return {
    transition: inEpoch(epoch, eventsFetched(cache, startedAt)),
    then: (before) => [
      { kind: 'online', online: true },
      ...(before !== null && newProblems(before, cache)
        ? [
            {
              kind: 'log' as const,
              level: 'warn' as const,
              message: 'Some poap events could not be read in full',
              details: context,
            },
            {
              kind: 'report' as const,
              error: new Error('Unexpected poap event data'),
              context,
            },
          ]
        : []),
      { kind: 'broadcast', message },
    ],
    otherwise: [],
  }
}

/** What a hand-off's check met: the epoch it started in, and when the answer came. */
export interface HandoffCheck {
  startEpoch: number
  now: number
  timing: ScheduleTiming
}

/** A hand-off that a sign-out or another hand-off overtook: no answer about this one. */
const overtaken: Effect[] = [
  {
    kind: 'log',
    level: 'info',
    message: 'Discarded a hand-off that a sign-out or another hand-off overtook',
  },
  { kind: 'answer', result: { ok: false, failure: 'refused' } },
]

/**
 * What the provider's answer to a hand-off's check leads to (decision 025). Confirmed: the
 * provider's session is kept in a new epoch (the check was a re-authentication, so the schedule
 * counts from it), the old session's calls end, every tab hears the sign-in, the page its answer,
 * and the list is fetched. Not confirmed: only no answer, a 5xx or a 429 reads as unreachable (the
 * holder tries again); anything else, a session the provider does not know or an answer the engine
 * cannot read, is refused. Nothing was kept, so nothing needs undoing.
 */
export function afterHandoffCheck(outcome: AuthenticateOutcome, check: HandoffCheck): Step {
  const { startEpoch, now } = check
  if (outcome.kind === 'success') {
    const fresh = outcome.session
    const session: StoredSession = {
      ...fresh,
      lastAuthAt: now,
      nextDueAt: nextDueAfterSuccess(now, fresh.expiresAt, null, check.timing),
      backoffAttempt: 0,
    }
    return {
      transition: inEpoch(startEpoch, handedOff(session)),
      then: () => [
        { kind: 'abort-calls' },
        { kind: 'online', online: true },
        {
          kind: 'broadcast',
          message: {
            v: PROTOCOL_VERSION,
            type: WORKER_MESSAGE.signin,
            email: fresh.email,
            phone: fresh.phone,
            expiresAt: fresh.expiresAt,
          },
        },
        { kind: 'answer', result: { ok: true } },
        { kind: 'fetch-events', jwt: fresh.jwt, userId: fresh.userId, epoch: startEpoch + 1 },
      ],
      otherwise: overtaken,
    }
  }
  const refused = { kind: 'answer', result: { ok: false, failure: 'refused' } } as const
  let then: Effect[]
  if (outcome.kind === 'unrecoverable') {
    then = [
      { kind: 'online', online: true },
      {
        kind: 'log',
        level: 'warn',
        message: 'Hand-off refused by the provider',
        details: { errorType: outcome.errorType },
      },
      refused,
    ]
  } else {
    const log: Effect = {
      kind: 'log',
      level: 'warn',
      message: 'Hand-off could not be confirmed',
      details: { reason: outcome.reason },
    }
    then = outcome.unexpected
      ? [
          log,
          {
            kind: 'report',
            error: new Error(`Error confirming a hand-off: ${outcome.reason}`),
            context: { op: 'handoff', status: outcome.status ?? 0 },
          },
          refused,
        ]
      : [
          log,
          { kind: 'online', online: false },
          { kind: 'answer', result: { ok: false, failure: 'unreachable' } },
        ]
  }
  // A sign-out or another hand-off aborts the check: no outage, and no answer about this one.
  return { transition: null, onlyInEpoch: startEpoch, then: () => then, otherwise: overtaken }
}

/**
 * Whether an events failure means the service cannot be used now: no answer (offline, timed out),
 * a 5xx or 429, or a body that is not JSON at all (a captive portal's page). A client error, a
 * JSON body of the wrong shape or one too long is an answer: the service is there.
 */
function serviceUnreachable(error: unknown): boolean {
  if (error instanceof ValidationError || error instanceof BodyTooLargeError) return false
  if (!(error instanceof EventsResponseError)) return true
  return error.status < 400 || error.status >= 500 || error.status === 429
}

/**
 * What a failed events fetch of the session of `epoch` leads to: logged, reported, told to every
 * tab (their list stays), the status offline if the service cannot be used, the taps held back.
 * A fetch a sign-out or a new hand-off aborted is no failure anyone needs to hear about.
 */
export function afterEventsFailed(error: unknown, epoch: number): Step {
  const message = describeEventsFailure(error)
  return {
    transition: null,
    onlyInEpoch: epoch,
    then: () => [
      { kind: 'log', level: 'error', message: 'Failed to fetch poap events', details: { message } },
      { kind: 'report', error, context: { op: 'poap-events' } },
      {
        kind: 'broadcast',
        message: { v: PROTOCOL_VERSION, type: WORKER_MESSAGE.eventsError, message },
      },
      ...(serviceUnreachable(error) ? [{ kind: 'online' as const, online: false }] : []),
      { kind: 'taps-failed', epoch },
    ],
    otherwise: [],
  }
}

/** How a session ends: why, whether to revoke it, and (for a call's outcome) only in its epoch. */
export interface SessionEnd {
  reason: SignOutReason
  revoke: boolean
  /** Ends it only while the state is in this epoch: a newer sign-in must survive. */
  onlyEpoch?: number
}

/**
 * Ending the session: a new epoch with nothing kept, in one write (first, so nothing is lost if
 * the revoke hangs or fails); its calls aborted, every tab told, then the revoke, best effort.
 */
export function afterSessionEnd({ reason, revoke, onlyEpoch }: SessionEnd): Step {
  return {
    transition: onlyEpoch === undefined ? signedOut : inEpoch(onlyEpoch, signedOut),
    then: (before) => [
      { kind: 'abort-calls' },
      { kind: 'broadcast', message: { v: PROTOCOL_VERSION, type: WORKER_MESSAGE.signout, reason } },
      { kind: 'log', level: 'info', message: 'Signed out', details: { reason } },
      ...(revoke && before?.session ? [{ kind: 'revoke' as const, session: before.session }] : []),
    ],
    otherwise: [],
  }
}
