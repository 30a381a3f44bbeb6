/**
 * The session engine's one decision: given the stored state, an event and the time, the state to
 * write (or none) and the effects to perform, as data (src/core/engine-events.ts). Pure: the
 * runner (src/core/session-engine.ts) reads, calls `decide`, writes, performs the effects and
 * feeds their results back as events. Every way the stored session, its list and its taps can
 * change is a transition of src/core/session-transitions.ts, applied here.
 *
 * An outcome carries the epoch its call began in; every sign-out and hand-off moves the epoch,
 * so an outcome a sign-out or hand-off overtook is checked here, once, and changes nothing.
 */
import type { AuthenticateOutcome } from './authenticate-response.ts'
import { BodyTooLargeError } from './body-too-large.ts'
import { EVENTS_CACHE_TTL_MS, JWT_FRESH_MS, MAX_PENDING_TAPS } from './constants.ts'
import type {
  CallReason,
  DecideEnv,
  Decision,
  Effect,
  EngineEvent,
  LockedCheck,
} from './engine-events.ts'
import type { EngineState, EventsCache, StoredSession } from './engine-state.ts'
import type { AuthenticatedSession } from './provider-session.ts'
import {
  describeEventsFailure,
  EventsResponseError,
  readEventsResponse,
} from './events-response.ts'
import { allowedImageUrl } from './image-url.ts'
import { problemsKey, type PoapEventProblems } from './poap-events-body.ts'
import {
  PROTOCOL_VERSION,
  WORKER_MESSAGE,
  type EventsView,
  type ReportContext,
  type SignOutReason,
  type WorkerMessage,
} from './protocol.ts'
import {
  backoffDelay,
  dueReason,
  nextDueAfterSuccess,
  tapsDue,
  type WakeReason,
} from './schedule.ts'
import { phaseOf } from './session-phase.ts'
import {
  eventsFetched,
  handedOff,
  newProblems,
  type KeptSession,
  passkeyRegistered,
  reauthenticated,
  reauthFailed,
  signedOut,
  tapKept,
  tapsFailed,
} from './session-transitions.ts'
import { ValidationError } from './validation.ts'

const v = PROTOCOL_VERSION
const nothing: Decision = { next: null, effects: [] }
const effects = (...list: Effect[]): Decision => ({ next: null, effects: list })

/** The list a tab may be shown: the signed-in holder's, younger than a day; else null. */
export function usableList(state: EngineState, now: number): EventsView | null {
  const cache = state.events
  if (cache === null || state.session === null || cache.userId !== state.session.userId) return null
  if (now - cache.fetchedAt >= EVENTS_CACHE_TTL_MS) return null
  return { events: cache.events, fetchedAt: cache.fetchedAt, source: 'cache' }
}

/** What the engine decides for `event` in `state`. */
export function decide(state: EngineState, event: EngineEvent, env: DecideEnv): Decision {
  if ('epoch' in event && event.epoch !== state.epoch) return overtaken(event)
  switch (event.type) {
    case 'wake':
      return state.session !== null && wakeDue(state, state.session, event.reason, env) !== null
        ? lock({ kind: 'wake', reason: event.reason })
        : nothing
    case 'refresh':
      return state.session === null ? nothing : lock({ kind: 'refresh', requestedAt: env.now })
    case 'tap': {
      const next = tapKept(event.query, env.now, MAX_PENDING_TAPS)(state)
      // Whatever the schedule says: the holder is looking at this tap now.
      return next === null
        ? nothing
        : { next, effects: lockFor({ kind: 'tap', query: event.query }) }
    }
    case 'list-wanted':
      return listMissing(state, env.now) ? lock({ kind: 'list' }) : nothing
    case 'locked':
      return afterLock(state, event.check, env)
    case 'sign-out':
      return sessionEnded(state, event.reason, { revoke: true })
    case 'session-ended':
      return sessionEnded(state, event.reason, { revoke: false })
    case 'handoff':
      return effects({ kind: 'confirm-handoff', session: event.session, epoch: state.epoch })
    case 'look':
      // Older than a day or not this holder's: dropped for good.
      return state.events !== null && usableList(state, env.now) === null
        ? { next: { ...state, events: null }, effects: [] }
        : nothing
    case 'reauth-answered':
      return afterReauth(state, event, env)
    case 'handoff-answered':
      return afterHandoffCheck(state, event.outcome, env)
    case 'events-answered':
      return afterEventsAnswered(state, event, env)
    case 'events-failed':
      return afterEventsFailed(state, event.error, env)
    case 'passkey-registered': {
      const next = passkeyRegistered(kept(event.session))(state)
      if (next === null) return nothing
      const message: WorkerMessage = {
        v,
        type: WORKER_MESSAGE.session,
        expiresAt: event.session.expiresAt,
      }
      return { next, effects: [{ kind: 'broadcast', message }] }
    }
  }
}

/**
 * An outcome a sign-out or hand-off overtook: nothing written, nothing told but a note (and the
 * page that asked for a hand-off its answer).
 */
function overtaken(event: EngineEvent): Decision {
  switch (event.type) {
    case 'reauth-answered':
      return event.outcome.kind === 'recoverable'
        ? nothing
        : effects(info('Discarded a re-authentication that finished after its session ended'))
    case 'handoff-answered':
      return effects(info('Discarded a hand-off that a sign-out or another hand-off overtook'), {
        kind: 'answer',
        result: { ok: false, failure: 'refused' },
      })
    default:
      return nothing
  }
}

/** What of the provider's answer is stored: all but its JWT, which stays in memory. */
function kept({ jwt: _minted, ...session }: AuthenticatedSession): KeptSession {
  return session
}

const info = (message: string): Effect => ({ kind: 'log', level: 'info', message })

/** The lock taken for `check`: the runner decides `locked` holding it. */
const lockFor = (check: LockedCheck): Effect[] => [
  { kind: 'lock', event: { type: 'locked', check } },
]
const lock = (check: LockedCheck): Decision => effects(...lockFor(check))

/** Why a wake makes a call due: the session's schedule, or pending taps waiting to be settled. */
function wakeDue(
  state: EngineState,
  session: StoredSession,
  reason: WakeReason,
  env: DecideEnv,
): CallReason | null {
  const due = dueReason(session, env.now, reason, env.timing)
  if (due !== null) return due
  return tapsDue(state.tapQueue, session, env.now, reason) ? 'requested' : null
}

/**
 * A signed-in tab with no usable list (the fetch after a hand-off was cut short by the page
 * leaving, or the list expired) gets one. Not while backing off: the scheduled retry fetches the
 * list, and reloads must not turn an outage into a burst of calls.
 */
function listMissing(state: EngineState, now: number): boolean {
  const phase = phaseOf(state.session)
  if (phase.kind === 'signed-out' || usableList(state, now) !== null) return false
  return phase.kind === 'signed-in' || phase.retryAt <= now
}

/**
 * Under the lock the check is repeated on the state as it is now, so what queued behind a call
 * that just succeeded does nothing. Never asks for the lock again: it is held.
 */
function afterLock(state: EngineState, check: LockedCheck, env: DecideEnv): Decision {
  const session = state.session
  if (session === null) return nothing
  const call = (due: CallReason): Decision =>
    effects({ kind: 'authenticate', session, epoch: state.epoch, due })
  switch (check.kind) {
    case 'wake': {
      const due = wakeDue(state, session, check.reason, env)
      return due === null ? nothing : call(due)
    }
    case 'refresh':
      // A call that succeeded while this one waited for the lock already did what was asked.
      return session.lastAuthAt > check.requestedAt ? nothing : call('requested')
    case 'tap':
      return state.tapQueue.taps.some((tap) => tap.query === check.query)
        ? call('requested')
        : nothing
    case 'list': {
      if (!listMissing(state, env.now)) return nothing
      // With the JWT this instance holds while it is fresh; else a call, which mints one.
      const held = env.jwt
      return held !== null && held.epoch === state.epoch && env.now - held.at < JWT_FRESH_MS
        ? effects({
            kind: 'fetch-events',
            jwt: held.jwt,
            userId: session.userId,
            epoch: state.epoch,
          })
        : call('requested')
    }
  }
}

/** The backoff before the next try after `attempt` failures in a row. */
const delayFor = (env: DecideEnv) => (attempt: number) =>
  backoffDelay(attempt, () => env.random, env.timing)

/** What a re-authentication's outcome leads to, in the epoch it began in. */
function afterReauth(
  state: EngineState,
  event: EngineEvent & { type: 'reauth-answered' },
  env: DecideEnv,
): Decision {
  const { outcome, session, epoch } = event
  const now = env.now
  if (outcome.kind === 'success') {
    const fresh = outcome.session
    // A scheduled call on time keeps the cadence; any other starts it again from now.
    const scheduledFor =
      event.due === 'scheduled' && phaseOf(session).kind === 'signed-in' ? session.nextDueAt : null
    const next = reauthenticated({
      ...kept(fresh),
      lastAuthAt: now,
      nextDueAt: nextDueAfterSuccess(now, fresh.expiresAt, scheduledFor, env.timing),
      backoffAttempt: 0,
    })(state)
    if (next === null) return overtaken(event)
    return {
      next,
      effects: [
        { kind: 'online', online: true },
        {
          kind: 'broadcast',
          message: { v, type: WORKER_MESSAGE.session, expiresAt: fresh.expiresAt },
        },
        { kind: 'remember-jwt', jwt: fresh.jwt, epoch },
        { kind: 'fetch-events', jwt: fresh.jwt, userId: fresh.userId, epoch },
      ],
    }
  }
  if (outcome.kind === 'unrecoverable') {
    const ended = sessionEnded(state, outcome.errorType, { revoke: false })
    return {
      next: ended.next,
      effects: [
        { kind: 'online', online: true },
        {
          kind: 'log',
          level: 'warn',
          message: 'Session ended by the provider',
          details: { errorType: outcome.errorType },
        },
        ...ended.effects,
      ],
    }
  }
  // No answer, a 5xx, a 429 or a garbled body: either way the service cannot be used now. The
  // session backs off and the taps wait longer, in one write.
  const failed = reauthFailed(now, delayFor(env))(state)
  if (failed === null) return nothing
  return {
    next: tapsFailed(now, delayFor(env))(failed) ?? failed,
    effects: [
      { kind: 'online', online: false },
      {
        kind: 'log',
        level: 'warn',
        message: 'Re-authentication failed; will retry',
        details: { reason: outcome.reason, attempt: session.backoffAttempt },
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
  }
}

/**
 * Ending the session: a new epoch with nothing kept, in one write (first, so nothing is lost if
 * the revoke hangs or fails); its calls aborted, every tab told, then the revoke when asked for,
 * best effort.
 */
function sessionEnded(
  state: EngineState,
  reason: SignOutReason,
  { revoke }: { revoke: boolean },
): Decision {
  return {
    next: signedOut(state),
    effects: [
      { kind: 'abort-calls' },
      { kind: 'broadcast', message: { v, type: WORKER_MESSAGE.signout, reason } },
      { kind: 'log', level: 'info', message: 'Signed out', details: { reason } },
      ...(revoke && state.session !== null
        ? [{ kind: 'revoke' as const, session: state.session }]
        : []),
    ],
  }
}

/**
 * What the provider's answer to a hand-off's check leads to (decision 025). Confirmed: the
 * provider's session is kept in a new epoch (the check was a re-authentication, so the schedule
 * counts from it), the old session's calls end, every tab hears the sign-in, the page its answer,
 * and the list is fetched. Not confirmed: only no answer, a 5xx or a 429 reads as unreachable (the
 * holder tries again); anything else, a session the provider does not know or an answer the engine
 * cannot read, is refused. Nothing was kept, so nothing needs undoing.
 */
function afterHandoffCheck(
  state: EngineState,
  outcome: AuthenticateOutcome,
  env: DecideEnv,
): Decision {
  const refused: Effect = { kind: 'answer', result: { ok: false, failure: 'refused' } }
  switch (outcome.kind) {
    case 'success': {
      const fresh = outcome.session
      const next = handedOff({
        ...kept(fresh),
        lastAuthAt: env.now,
        nextDueAt: nextDueAfterSuccess(env.now, fresh.expiresAt, null, env.timing),
        backoffAttempt: 0,
      })(state)
      const signin: WorkerMessage = {
        v,
        type: WORKER_MESSAGE.signin,
        email: fresh.email,
        phone: fresh.phone,
        expiresAt: fresh.expiresAt,
      }
      return {
        next,
        effects: [
          { kind: 'abort-calls' },
          { kind: 'online', online: true },
          { kind: 'broadcast', message: signin },
          { kind: 'answer', result: { ok: true } },
          { kind: 'remember-jwt', jwt: fresh.jwt, epoch: next.epoch },
          { kind: 'fetch-events', jwt: fresh.jwt, userId: fresh.userId, epoch: next.epoch },
        ],
      }
    }
    case 'unrecoverable':
      return effects(
        { kind: 'online', online: true },
        {
          kind: 'log',
          level: 'warn',
          message: 'Hand-off refused by the provider',
          details: { errorType: outcome.errorType },
        },
        refused,
      )
    case 'recoverable': {
      const log: Effect = {
        kind: 'log',
        level: 'warn',
        message: 'Hand-off could not be confirmed',
        details: { reason: outcome.reason },
      }
      return outcome.unexpected
        ? effects(
            log,
            {
              kind: 'report',
              error: new Error(`Error confirming a hand-off: ${outcome.reason}`),
              context: { op: 'handoff', status: outcome.status ?? 0 },
            },
            refused,
          )
        : effects(
            log,
            { kind: 'online', online: false },
            { kind: 'answer', result: { ok: false, failure: 'unreachable' } },
          )
    }
  }
}

/**
 * What the list's answer leads to: read per entry (images from other origins dropped), kept for
 * its holder (settling the taps kept before it was asked for) and sent to every tab; problems the
 * holder's last list did not have are logged and reported, as counts, status words and field
 * names only (never names, descriptions or places). An answer that is no list is a failure.
 */
function afterEventsAnswered(
  state: EngineState,
  event: EngineEvent & { type: 'events-answered' },
  env: DecideEnv,
): Decision {
  let read
  try {
    read = readEventsResponse(event.status, event.contentType, event.body)
  } catch (error) {
    return afterEventsFailed(state, error, env)
  }
  const cache: EventsCache = {
    userId: event.userId,
    events: read.events.map((item) => ({
      ...item,
      imageUrl: allowedImageUrl(item.imageUrl, env.imageOrigins),
    })),
    fetchedAt: env.now,
    problemsKey: problemsKey(read.problems),
  }
  const next = eventsFetched(cache, event.startedAt)(state)
  if (next === null) return nothing
  const message: WorkerMessage = {
    v,
    type: WORKER_MESSAGE.events,
    events: cache.events,
    fetchedAt: cache.fetchedAt,
    source: 'network',
  }
  return {
    next,
    effects: [
      { kind: 'online', online: true },
      ...(newProblems(state, cache) ? problemsTold(read.problems) : []),
      { kind: 'broadcast', message },
    ],
  }
}

function problemsTold(problems: PoapEventProblems): Effect[] {
  const context: ReportContext = {
    op: 'poap-events-data',
    dropped: problems.dropped,
    unknownStatuses: problems.unknownStatuses.join(','),
    unreadableFields: problems.unreadableFields.join(','),
    ...(problems.overCap === undefined ? {} : { overCap: problems.overCap }),
  }
  return [
    {
      kind: 'log',
      level: 'warn',
      message: 'Some poap events could not be read in full',
      details: context,
    },
    { kind: 'report', error: new Error('Unexpected poap event data'), context },
  ]
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
 * What a failed list leads to: logged, reported, told to every tab (their list stays), the status
 * offline if the service cannot be used, the pending taps held back longer.
 */
function afterEventsFailed(state: EngineState, error: unknown, env: DecideEnv): Decision {
  const message = describeEventsFailure(error)
  return {
    next: tapsFailed(env.now, delayFor(env))(state),
    effects: [
      { kind: 'log', level: 'error', message: 'Failed to fetch poap events', details: { message } },
      { kind: 'report', error, context: { op: 'poap-events' } },
      { kind: 'broadcast', message: { v, type: WORKER_MESSAGE.eventsError, message } },
      ...(serviceUnreachable(error) ? [{ kind: 'online' as const, online: false }] : []),
    ],
  }
}
