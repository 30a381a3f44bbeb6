/**
 * The session engine's runner: reads the stored state, asks `decide` (src/core/session-decide.ts)
 * what an event leads to, writes only what changed in the same atomic update, then performs the
 * effects in order through the ports, each call's result decided in turn as the next event.
 */
import type { AuthenticateOutcome } from './authenticate-response.ts'
import {
  ENGINE_STATE_KEY,
  MAX_EVENTS_BODY_BYTES,
  POAP_EVENTS_PATH,
  REAUTH_LOCK_NAME,
  SESSION_ABORT_KEY,
} from './constants.ts'
import type { EngineConfig } from './engine-config.ts'
import type { Decision, Effect, EngineEvent, HeldJwt } from './engine-events.ts'
import {
  initialEngineState,
  JWT_IN_MEMORY,
  parseEngineState,
  storedForm,
  type EngineState,
} from './engine-state.ts'
import type { EngineStatus } from './engine-status.ts'
import { engineSecrets, type KnownSecrets } from './known-secrets.ts'
import type { EnginePorts, Reporter } from './ports.ts'
import type { HandoffResult } from './protocol.ts'
import type { ProviderCalls } from './provider-calls.ts'
import type { AuthenticatedSession } from './provider-session.ts'
import { decide } from './session-decide.ts'
import { isRecord } from './validation.ts'

/** Tells the page that asked how its hand-off went. */
export type Answer = (result: HandoffResult) => void

/** Decides `event` on the stored state, writes the change, performs the effects; the state decided. */
export type Dispatch = (event: EngineEvent, answer?: Answer) => Promise<EngineState>

/** What the runner works through: the ports, and the engine's reporter, provider calls and status. */
export interface RunnerParts {
  ports: EnginePorts
  config: EngineConfig
  /** The values reports must leave without, kept in step with every state read and written. */
  secrets: KnownSecrets
  reporter: Reporter
  provider: ProviderCalls
  status: EngineStatus
}

/** Whether a stored record still holds a JWT (written by a release before it stayed in memory). */
const storedJwt = (raw: unknown): boolean =>
  isRecord(raw) &&
  isRecord(raw.session) &&
  raw.session.jwt !== undefined &&
  raw.session.jwt !== JWT_IN_MEMORY

/** The list's call, as `decide` asks for it. */
type FetchEvents = Extract<Effect, { kind: 'fetch-events' }>

export function createEngineRunner(parts: RunnerParts): Dispatch {
  const { ports, config, secrets, reporter, provider, status } = parts
  const { clock, random, http, store, broadcast, locks, logger } = ports
  const { timing, imageOrigins } = config
  const eventsUrl = `${config.cardsUrl.replace(/\/+$/, '')}${POAP_EVENTS_PATH}`
  /** The JWT the provider last minted for this session: in memory only, gone with the instance. */
  let held: HeldJwt | null = null

  /** Decides `event` on the stored state, writes the change, performs the effects; the state decided. */
  async function dispatch(event: EngineEvent, answer?: Answer): Promise<EngineState> {
    const env = { now: clock.now(), timing, random: random(), imageOrigins, jwt: held }
    let state = initialEngineState()
    let unreadable: unknown = null
    let decision: Decision = { next: null, effects: [] }
    await store.update<unknown>(ENGINE_STATE_KEY, (raw) => {
      unreadable = null
      try {
        state = raw === undefined ? initialEngineState() : parseEngineState(raw)
      } catch (error) {
        // Corrupt, or another schema: replaced at once, so it is reported once.
        unreadable = error
        state = initialEngineState()
      }
      decision = decide(state, event, env)
      // Unreadable, or a record from before the JWT left storage: written again at once.
      const rewrite = unreadable !== null || storedJwt(raw)
      const written = decision.next ?? (rewrite ? state : undefined)
      return written === undefined ? undefined : storedForm(written)
    })
    if (unreadable !== null) {
      logger.error('Discarded unreadable session state', { error: String(unreadable) })
      reporter(unreadable, { op: 'read-state' })
    }
    const now = decision.next ?? state
    // A sign-out or another hand-off: the old session's JWT is forgotten.
    if (held !== null && held.epoch !== now.epoch) held = null
    status.noteState(now)
    secrets.set('engine', [...engineSecrets(state), ...engineSecrets(now)])
    secrets.set('jwt', held === null ? [] : [held.jwt])
    for (const effect of decision.effects) await perform(effect, answer)
    return now
  }

  /** Performs one effect through the ports; a call's result is dispatched while it counts as busy. */
  async function perform(effect: Effect, answer?: Answer): Promise<void> {
    switch (effect.kind) {
      case 'online':
        return status.setOnline(effect.online)
      case 'broadcast':
        return broadcast(effect.message)
      case 'lock':
        return locks.withLock(REAUTH_LOCK_NAME, async () => void (await dispatch(effect.event)))
      case 'authenticate':
        return status.tracked(async () => {
          const { session, epoch, due } = effect
          const outcome = await provider.authenticate(session)
          await dispatch({ type: 'reauth-answered', session, epoch, due, outcome })
        })
      case 'confirm-handoff': {
        const outcome = await status.tracked(() => confirm(effect.session))
        await dispatch({ type: 'handoff-answered', epoch: effect.epoch, outcome }, answer)
        return
      }
      case 'remember-jwt':
        held = { jwt: effect.jwt, epoch: effect.epoch, at: clock.now() }
        secrets.set('jwt', [held.jwt])
        return
      case 'fetch-events':
        return status.tracked(async () => void (await dispatch(await fetchEvents(effect))))
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
   * A hand-off is a claim until the provider confirms it: one re-authentication with the handed
   * token decides (decision 025). A report of it leaves without the handed credentials.
   */
  async function confirm(handed: AuthenticatedSession): Promise<AuthenticateOutcome> {
    secrets.set('handoff', [handed.sessionToken, handed.jwt])
    try {
      return await provider.authenticate(handed)
    } finally {
      secrets.set('handoff', [])
    }
  }

  /** Fetches the holder's list with a fresh JWT; the answer, or why there is none, as an event. */
  async function fetchEvents({ jwt, userId, epoch }: FetchEvents): Promise<EngineEvent> {
    // Taps kept from now on may have reached the cards service after this list was read.
    const startedAt = clock.now()
    try {
      const response = await http.request({
        url: eventsUrl,
        method: 'GET',
        headers: { Authorization: `Bearer ${jwt}` },
        timeoutMs: timing.cardsTimeoutMs,
        abortKey: SESSION_ABORT_KEY,
        maxBodyBytes: MAX_EVENTS_BODY_BYTES,
      })
      const { status: code, contentType } = response
      const body = await response.text()
      return { type: 'events-answered', epoch, userId, startedAt, status: code, contentType, body }
    } catch (error) {
      return { type: 'events-failed', epoch, error }
    }
  }

  return dispatch
}
