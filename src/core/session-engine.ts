/** The session engine: keeps the provider session alive, fetches and caches events, and tells every tab. */
import type { AccountCall, AccountResult } from './account-messages.ts'
import {
  ENGINE_STATE_KEY,
  EVENTS_CACHE_TTL_MS,
  JWT_FRESH_MS,
  MAX_EVENTS_BODY_BYTES,
  MAX_PENDING_TAPS,
  POAP_EVENTS_PATH,
  REAUTH_LOCK_NAME,
  SESSION_ABORT_KEY,
} from './constants.ts'
import {
  initialEngineState,
  parseEngineState,
  type EngineState,
  type EventsCache,
  type StoredSession,
} from './engine-state.ts'
import { readEventsResponse } from './events-response.ts'
import { problemsKey } from './poap-events-body.ts'
import {
  PROTOCOL_VERSION,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type EventsView,
  type HandoffResult,
  type SignOutReason,
  type SnapshotMessage,
  type WorkerMessage,
} from './protocol.ts'
import { type TabMessage } from './tab-messages.ts'
import type { AuthenticateOutcome } from './authenticate-response.ts'
import {
  parseAuthenticateData,
  toAuthenticatedSession,
  type AuthenticateData,
} from './provider-session.ts'
import { allowedImageUrl } from './image-url.ts'
import { createProviderCalls } from './provider-calls.ts'
import {
  afterEventsArrived,
  afterEventsFailed,
  afterHandoffCheck,
  afterSessionEnd,
  afterReauth,
  type Effect,
  type Step,
} from './session-steps.ts'
import { signedOutSnapshot } from './signed-out-snapshot.ts'
import { createEngineStatus } from './engine-status.ts'
import { runAccountCall } from './engine-account.ts'
import * as transitions from './session-transitions.ts'
import { inEpoch, type Transition } from './session-transitions.ts'
import type { EngineConfig } from './engine-config.ts'
import type { EnginePorts } from './ports.ts'
import { createKnownSecrets, engineSecrets } from './known-secrets.ts'
import { reportingWithoutSecrets } from './reporting-without-secrets.ts'
import {
  backoffDelay,
  dueReason,
  nextWakeAt,
  tapsDue,
  type DueReason,
  type WakeReason,
} from './schedule.ts'

/** The engine's operations; none of them ever rejects (failures are logged and reported). */
export interface SessionEngine {
  /**
   * Takes over a session the page just signed in to, once the provider confirms it (one
   * re-authentication with its token, which counts as the session's last): keeps the provider's
   * answer, broadcasts `signin`, tells `onResult`, then fetches events. A session the provider
   * does not confirm, or could not be asked about, is neither kept nor announced (decision 025).
   * Resolves with the result once all work is done.
   */
  handoff(
    data: AuthenticateData,
    onResult?: (result: HandoffResult) => void,
  ): Promise<HandoffResult>
  /** Runs the schedule: re-authenticates if due now. Call on every wake. */
  wake(reason: WakeReason): Promise<void>
  /** The user asked for fresh data: re-authenticate now (whatever the schedule), then fetch events. */
  refresh(): Promise<void>
  /**
   * A signed-in holder tapped a card (`query` already checked for format): keeps the tap, then
   * refreshes. A tap is settled (dropped) by the first refresh that succeeds after it was kept;
   * until then the schedule retries with backoff. Without a session the tap is ignored.
   */
  tap(query: string): Promise<void>
  /**
   * Background Sync: the browser says the network is back. Tries the pending taps at once and
   * resolves true when none is left (false asks the browser to fire the sync again later).
   */
  settleTaps(): Promise<boolean>
  /** Ends the session everywhere: clears the store, aborts calls, broadcasts `signout`, revokes. */
  signOut(reason: SignOutReason): Promise<void>
  /** The current view for a tab: auth, the cached events if still valid for this user, status. */
  snapshot(): Promise<SnapshotMessage>
  /**
   * When the engine next needs a wake (epoch ms: the next call, or the pending taps' retry), or
   * null when signed out; a host may set a timer for it. Tabs hear it in the status (`wakeAt`).
   */
  nextWakeAt(): Promise<number | null>
  /**
   * Tells every tab what this instance is doing. A worker that starts fresh calls it: tabs may still
   * show `refreshing` from an instance the browser stopped mid-call, whose end was never announced.
   * Reads the stored state first, so the status names the same next wake as the stopped instance.
   */
  announceStatus(): Promise<void>
  /**
   * A provider call on the signed-in holder's account (passkeys), made with the session token.
   * A session-ending answer signs out everywhere; a new passkey's session replaces the stored one.
   */
  account(call: AccountCall): Promise<AccountResult>
  /**
   * Handles a validated tab message; `reply` gets the snapshot for `hello` before any call starts.
   * The first `hello` this instance sees counts as a page load. Resolves when all work is done.
   */
  receive(message: TabMessage, reply: (message: WorkerMessage) => void): Promise<void>
}

/** How a call's decision looks inside the lock: why it is due, or null to skip. */
type DueCheck = (
  session: StoredSession,
  now: number,
  state: EngineState,
) => DueReason | 'requested' | null

/** Creates an engine over the given ports; all state lives in `ports.store`, so instances are cheap. */
export function createSessionEngine(ports: EnginePorts, config: EngineConfig): SessionEngine {
  const { clock, random, http, store, broadcast, locks, logger } = ports
  const { timing } = config
  // Every report leaves without the values the record holds (token, JWT, holder, taps), noted at
  // each read and write: scrubbed here, where they are known (decision 006).
  const secrets = ports.secrets ?? createKnownSecrets()
  const reporter = reportingWithoutSecrets(ports.reporter, secrets)
  const provider = createProviderCalls(ports, config)
  const eventsUrl = `${config.cardsUrl.replace(/\/+$/, '')}${POAP_EVENTS_PATH}`
  const v = PROTOCOL_VERSION
  /** The backoff before the next try after `attempt` failures in a row. */
  const delayFor = (attempt: number) => backoffDelay(attempt, random, timing)

  let sawHello = false
  const status = createEngineStatus(broadcast)
  const { setOnline, tracked } = status

  /** The stored state, or the initial state if there is none or it is unreadable. */
  function parseStored(raw: unknown): EngineState {
    if (raw === undefined) return initialEngineState()
    try {
      return parseEngineState(raw)
    } catch {
      return initialEngineState()
    }
  }

  async function readState(): Promise<EngineState> {
    const raw = await store.get<unknown>(ENGINE_STATE_KEY)
    if (raw === undefined) return initialEngineState()
    try {
      const state = parseEngineState(raw)
      status.noteState(state)
      secrets.set('engine', engineSecrets(state))
      return state
    } catch (error) {
      // Unreadable (corrupt, or another schema): replace it once, so it is reported once.
      logger.error('Discarded unreadable session state', { error: String(error) })
      reporter(error, { op: 'read-state' })
      await store.update<unknown>(ENGINE_STATE_KEY, parseStored)
      return initialEngineState()
    }
  }

  /**
   * Atomically replaces the state with what `fn` returns, and says whether it wrote: null leaves
   * it as it is, and nothing is written.
   */
  async function mutate(fn: Transition): Promise<boolean> {
    let wrote = false
    let result: EngineState | null = null
    await store.update<unknown>(ENGINE_STATE_KEY, (raw) => {
      const current = parseStored(raw)
      const next = fn(current)
      wrote = next !== null
      result = next ?? current
      return next ?? undefined
    })
    if (result !== null) {
      status.noteState(result)
      secrets.set('engine', engineSecrets(result))
    }
    return wrote
  }

  /** A refresh failed: pending taps wait, longer after each failure, before the schedule tries again. */
  async function tapsFailed(epoch: number): Promise<void> {
    await mutate(inEpoch(epoch, transitions.tapsFailed(clock.now(), delayFor)))
  }

  /** Performs one effect of a step through the ports; `answer` tells the page that asked. */
  async function perform(effect: Effect, answer?: (result: HandoffResult) => void): Promise<void> {
    switch (effect.kind) {
      case 'online':
        return setOnline(effect.online)
      case 'broadcast':
        return broadcast(effect.message)
      case 'fetch-events':
        return tracked(() => fetchEvents(effect.jwt, effect.userId, effect.epoch))
      case 'end-session':
        return endSession(effect.reason, { revoke: false, onlyEpoch: effect.epoch })
      case 'taps-failed':
        return tapsFailed(effect.epoch)
      case 'log':
        if (effect.details === undefined) logger[effect.level](effect.message)
        else logger[effect.level](effect.message, effect.details)
        return
      case 'report':
        return reporter(effect.error, effect.context)
      case 'abort-calls':
        return http.abort(SESSION_ABORT_KEY)
      case 'answer':
        return answer?.(effect.result)
      case 'revoke':
        return provider.revoke(effect.session)
    }
  }

  /**
   * The runner: writes a step's change in one atomic update (or checks its epoch), then performs
   * what follows, in order.
   */
  async function run(step: Step, answer?: (result: HandoffResult) => void): Promise<void> {
    const { transition, onlyInEpoch } = step
    let before: EngineState | null = null
    const applies =
      transition === null
        ? onlyInEpoch === undefined || (await readState()).epoch === onlyInEpoch
        : await mutate((state) => {
            before = state
            return transition(state)
          })
    for (const effect of applies ? step.then(before) : step.otherwise) {
      await perform(effect, answer)
    }
  }

  /** Runs an operation so that nothing escapes: unexpected errors are logged and reported. */
  async function guard(op: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn()
    } catch (error) {
      logger.error(`Session engine: ${op} failed`, { error: String(error) })
      reporter(error, { op })
    }
  }

  /** Fetches events with a fresh JWT and caches them for this user, unless the session changed meanwhile. */
  async function fetchEvents(jwt: string, userId: string, epoch: number): Promise<void> {
    // Taps kept from now on may have reached the cards service after this list was read.
    const startedAt = clock.now()
    let read
    try {
      const response = await http.request({
        url: eventsUrl,
        method: 'GET',
        headers: { Authorization: `Bearer ${jwt}` },
        timeoutMs: timing.cardsTimeoutMs,
        abortKey: SESSION_ABORT_KEY,
        maxBodyBytes: MAX_EVENTS_BODY_BYTES,
      })
      read = readEventsResponse(response.status, response.contentType, await response.text())
    } catch (error) {
      await run(afterEventsFailed(error, epoch))
      return
    }
    const { problems } = read
    const events = read.events.map((event) => ({
      ...event,
      imageUrl: allowedImageUrl(event.imageUrl, config.imageOrigins),
    }))
    const cache: EventsCache = {
      userId,
      events,
      fetchedAt: clock.now(),
      problemsKey: problemsKey(problems),
    }
    await run(afterEventsArrived({ epoch, cache, startedAt, problems }))
  }

  /**
   * Ends the session: bump the epoch and clear session and events in one write (first, so nothing is
   * lost if revoke hangs or fails), abort calls, tell every tab, then revoke best effort. With
   * `onlyEpoch`, does nothing if the session has changed since (a newer sign-in must survive).
   */
  async function endSession(
    reason: SignOutReason,
    options: { revoke: boolean; onlyEpoch?: number },
  ): Promise<void> {
    await run(afterSessionEnd({ reason, ...options }))
  }

  /**
   * One re-authentication, single flight: under the lock the state is read again and the due check
   * repeated, so wakes that queued behind a call that just succeeded do nothing.
   */
  async function reauthenticate(check: DueCheck): Promise<void> {
    await locks.withLock(REAUTH_LOCK_NAME, async () => {
      const state = await readState()
      const session = state.session
      if (session === null) return
      const due = check(session, clock.now(), state)
      if (due === null) return
      await tracked(() => runCall(state.epoch, session, due))
    })
  }

  async function runCall(
    epoch: number,
    session: StoredSession,
    due: DueReason | 'requested',
  ): Promise<void> {
    const outcome = await provider.authenticate(session)
    await run(afterReauth(outcome, { epoch, session, due, now: clock.now(), timing, delayFor }))
  }

  /**
   * A hand-off is a claim until the provider confirms it: a page script could hand over a made-up
   * session, and the worker would announce it to every tab. One re-authentication with the handed
   * token decides; the provider's answer (user, expiry, JWT) is what is kept.
   */
  async function handoff(
    data: AuthenticateData,
    tell: (result: HandoffResult) => void,
  ): Promise<void> {
    const handed = toAuthenticatedSession(parseAuthenticateData(data))
    const startEpoch = (await readState()).epoch
    // Known while it is checked: a report of the check leaves without the handed credentials.
    secrets.set('handoff', [handed.sessionToken, handed.jwt])
    let outcome: AuthenticateOutcome
    try {
      outcome = await tracked(() => provider.authenticate(handed))
    } finally {
      secrets.set('handoff', [])
    }
    await run(afterHandoffCheck(outcome, { startEpoch, now: clock.now(), timing }), tell)
  }

  /** Why a wake makes a call due: the session's schedule, or pending taps waiting to be settled. */
  function wakeDue(
    session: StoredSession,
    now: number,
    state: EngineState,
    reason: WakeReason,
  ): DueReason | 'requested' | null {
    const due = dueReason(session, now, reason, timing)
    if (due !== null) return due
    return tapsDue(state.tapQueue, session, now, reason) ? 'requested' : null
  }

  async function wake(reason: WakeReason): Promise<void> {
    const state = await readState()
    // Cheap pre-check outside the lock: most heartbeats stop here.
    if (state.session === null || wakeDue(state.session, clock.now(), state, reason) === null) {
      return
    }
    await reauthenticate((session, now, current) => wakeDue(session, now, current, reason))
  }

  async function tap(query: string): Promise<void> {
    await mutate(transitions.tapKept(query, clock.now(), MAX_PENDING_TAPS))
    // Whatever the schedule says: the holder is looking at this tap now.
    await reauthenticate((_session, _now, state) =>
      state.tapQueue.taps.some((tap) => tap.query === query) ? 'requested' : null,
    )
  }

  async function settleTaps(): Promise<boolean> {
    await guard('settle-taps', () => wake('sync'))
    try {
      const state = await readState()
      return state.session === null || state.tapQueue.taps.length === 0
    } catch {
      return false
    }
  }

  async function refresh(): Promise<void> {
    const requestedAt = clock.now()
    // A call that succeeded while this one waited for the lock already did what the user asked.
    await reauthenticate((session) => (session.lastAuthAt > requestedAt ? null : 'requested'))
  }

  function cachedView(state: EngineState, now: number): EventsView | null {
    const cache = state.events
    if (cache === null || state.session === null || cache.userId !== state.session.userId)
      return null
    if (now - cache.fetchedAt >= EVENTS_CACHE_TTL_MS) return null
    return { events: cache.events, fetchedAt: cache.fetchedAt, source: 'cache' }
  }

  let ensuring = false

  /**
   * A signed-in tab with no usable list (the fetch after a hand-off was cut short by the page
   * leaving, or the cache expired) gets one now: with the current JWT while it is fresh, else
   * through a re-authentication, which fetches with the new one. Not while backing off: the
   * scheduled retry fetches the list, and reloads must not turn an outage into a burst of calls.
   */
  async function ensureEvents(): Promise<void> {
    if (ensuring) return
    const state = await readState()
    const session = state.session
    const now = clock.now()
    if (session === null || cachedView(state, now) !== null) return
    if (session.backoffAttempt > 0 && session.nextDueAt > now) return
    ensuring = true
    try {
      if (clock.now() - session.lastAuthAt < JWT_FRESH_MS) {
        await tracked(() => fetchEvents(session.jwt, session.userId, state.epoch))
      } else {
        await engine.refresh()
      }
    } finally {
      ensuring = false
    }
  }

  async function snapshot(): Promise<SnapshotMessage> {
    const state = await readState()
    const now = clock.now()
    const session = state.session
    const events = cachedView(state, now)
    if (state.events !== null && events === null) {
      const stale = state.events.fetchedAt
      // Older than a day or not this user's: drop it for good.
      await mutate(
        transitions.staleEventsDropped(stale, (current) => cachedView(current, now) !== null),
      )
    }
    return {
      v,
      type: WORKER_MESSAGE.snapshot,
      auth:
        session === null
          ? { signedIn: false }
          : {
              signedIn: true,
              email: session.email,
              phone: session.phone,
              expiresAt: session.expiresAt,
            },
      events,
      status: status.view(),
    }
  }

  const engine: SessionEngine = {
    async handoff(data, onResult) {
      // Refused unless the hand-off said otherwise (an error before it did is no sign-in).
      let result: HandoffResult = { ok: false, failure: 'refused' }
      let told = false
      const tell = (outcome: HandoffResult) => {
        if (told) return
        told = true
        result = outcome
        onResult?.(outcome)
      }
      await guard('handoff', () => handoff(data, tell))
      tell(result)
      return result
    },
    wake: (reason) => guard('wake', () => wake(reason)),
    refresh: () => guard('refresh', refresh),
    tap: (query) => guard('tap', () => tap(query)),
    settleTaps,
    signOut: (reason) => guard('sign-out', () => endSession(reason, { revoke: true })),
    snapshot,
    async nextWakeAt() {
      const state = await readState()
      return nextWakeAt(state.session, state.tapQueue)
    },
    async announceStatus() {
      if (!status.knowsWake()) {
        await guard('announce-status', async () => void (await readState()))
      }
      status.announce()
    },
    async account(call) {
      try {
        return await runAccountCall(call, {
          clock,
          logger,
          reporter,
          broadcast,
          provider,
          status,
          readState,
          mutate,
          endSession: (reason, epoch) => endSession(reason, { revoke: false, onlyEpoch: epoch }),
        })
      } catch (error) {
        logger.error('Session engine: account call failed', { error: String(error) })
        reporter(error, { op: `account-${call.op}` })
        return { ok: false, failure: { kind: 'refused', errorType: null } }
      }
    },
    async receive(message, reply) {
      switch (message.type) {
        case TAB_MESSAGE.hello: {
          const load = !sawHello
          sawHello = true
          await guard('hello', async () => {
            // A tab must always get an answer, or its view would stay "unknown" for good.
            const view = await snapshot().catch((error: unknown) => {
              reporter(error, { op: 'snapshot' })
              // The answer when the state cannot be read: signed out, nothing cached.
              return signedOutSnapshot(status.view())
            })
            reply(view)
          })
          await engine.wake(load ? 'load' : 'message')
          return guard('ensure-events', ensureEvents)
        }
        case TAB_MESSAGE.handoff: {
          const answer = (result: HandoffResult) =>
            reply({ v, type: WORKER_MESSAGE.handoffResult, id: message.id, result })
          await engine.handoff(message, answer)
          return
        }
        case TAB_MESSAGE.heartbeat:
          return engine.wake('heartbeat')
        case TAB_MESSAGE.refresh:
          return engine.refresh()
        case TAB_MESSAGE.tap:
          return engine.tap(message.query)
        case TAB_MESSAGE.signout:
          return engine.signOut('user')
        case TAB_MESSAGE.reportReceived:
          // The worker's reporter keeps track of its reports; nothing for the session.
          return
        case TAB_MESSAGE.account: {
          const result = await engine.account(message.call)
          reply({ v, type: WORKER_MESSAGE.accountResult, id: message.id, result })
          return
        }
      }
    },
  }
  return engine
}
