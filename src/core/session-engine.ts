/** The session engine: keeps the provider session alive, fetches and caches events, and tells every tab. */
import type { AccountCall, AccountResult } from './account-messages.ts'
import { runAccountCall } from './engine-account.ts'
import type { EngineConfig } from './engine-config.ts'
import { createEngineRunner } from './engine-runner.ts'
import { createEngineStatus } from './engine-status.ts'
import { createKnownSecrets } from './known-secrets.ts'
import type { EnginePorts } from './ports.ts'
import {
  PROTOCOL_VERSION,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type HandoffResult,
  type SignOutReason,
  type SnapshotMessage,
  type WorkerMessage,
} from './protocol.ts'
import { createProviderCalls } from './provider-calls.ts'
import {
  parseAuthenticateData,
  toAuthenticatedSession,
  type AuthenticateData,
} from './provider-session.ts'
import { reportingWithoutSecrets } from './reporting-without-secrets.ts'
import { nextWakeAt, type WakeReason } from './schedule.ts'
import { usableList } from './session-decide.ts'
import { signedOutSnapshot } from './signed-out-snapshot.ts'
import type { TabMessage } from './tab-messages.ts'

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

/**
 * Creates an engine over the given ports; all state lives in `ports.store`, so instances are cheap.
 * Each operation is an event for the runner (src/core/engine-runner.ts), which decides it
 * (src/core/session-decide.ts) and performs what follows.
 */
export function createSessionEngine(ports: EnginePorts, config: EngineConfig): SessionEngine {
  const { clock, broadcast, logger } = ports
  // Every report leaves without the values the record holds (token, JWT, holder, taps), noted at
  // each read and write: scrubbed here, where they are known (decision 006).
  const secrets = ports.secrets ?? createKnownSecrets()
  const reporter = reportingWithoutSecrets(ports.reporter, secrets)
  const provider = createProviderCalls(ports, config)
  const status = createEngineStatus(broadcast)
  const dispatch = createEngineRunner({ ports, config, secrets, reporter, provider, status })
  let sawHello = false

  /** Runs an operation so that nothing escapes: unexpected errors are logged and reported. */
  async function guard(op: string, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn()
    } catch (error) {
      logger.error(`Session engine: ${op} failed`, { error: String(error) })
      reporter(error, { op })
    }
  }

  /** The state as stored (a list too old to show dropped), the status kept in step. */
  const readState = () => dispatch({ type: 'look' })

  async function snapshot(): Promise<SnapshotMessage> {
    const state = await readState()
    const session = state.session
    return {
      v: PROTOCOL_VERSION,
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
      events: usableList(state, clock.now()),
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
      await guard('handoff', () => {
        const session = toAuthenticatedSession(parseAuthenticateData(data))
        return dispatch({ type: 'handoff', session }, tell)
      })
      tell(result)
      return result
    },
    wake: (reason) => guard('wake', () => dispatch({ type: 'wake', reason })),
    refresh: () => guard('refresh', () => dispatch({ type: 'refresh' })),
    tap: (query) => guard('tap', () => dispatch({ type: 'tap', query })),
    async settleTaps() {
      await engine.wake('sync')
      try {
        const state = await readState()
        return state.session === null || state.tapQueue.taps.length === 0
      } catch {
        return false
      }
    },
    signOut: (reason) => guard('sign-out', () => dispatch({ type: 'sign-out', reason })),
    snapshot,
    async nextWakeAt() {
      const state = await readState()
      return nextWakeAt(state.session, state.tapQueue)
    },
    async announceStatus() {
      if (!status.knowsWake()) await guard('announce-status', readState)
      status.announce()
    },
    async account(call) {
      try {
        return await runAccountCall(call, {
          logger,
          reporter,
          provider,
          status,
          readState,
          dispatch,
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
          return guard('ensure-events', () => dispatch({ type: 'list-wanted' }))
        }
        case TAB_MESSAGE.handoff: {
          const answer = (result: HandoffResult) =>
            reply({
              v: PROTOCOL_VERSION,
              type: WORKER_MESSAGE.handoffResult,
              id: message.id,
              result,
            })
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
          reply({ v: PROTOCOL_VERSION, type: WORKER_MESSAGE.accountResult, id: message.id, result })
          return
        }
      }
    },
  }
  return engine
}
