/**
 * The holder's account calls as the engine runs them (passkeys: list, the creation options,
 * register, rename, remove; decisions 013 and 026): with the session token it alone holds, only
 * with the holder present for a change, the list as the provider then has it after each change.
 */
import { readCreationOptions, readPasskeys, readRegisteredSession } from './account-calls.ts'
import { type AccountCall, type AccountResult } from './account-messages.ts'
import { FRESH_FACTOR_MS } from './constants.ts'
import type { EngineState, StoredSession } from './engine-state.ts'
import type { EngineStatus } from './engine-status.ts'
import type { EngineEvent } from './engine-events.ts'
import type { Clock, Logger, Reporter } from './ports.ts'
import type { ProviderCalls } from './provider-calls.ts'
import { toAuthenticatedSession } from './provider-session.ts'

/** What an account call needs of the engine running it. */
export interface AccountCallContext {
  clock: Clock
  logger: Logger
  reporter: Reporter
  provider: ProviderCalls
  status: Pick<EngineStatus, 'setOnline'>
  readState(): Promise<EngineState>
  /** Hands what an answer means for the session (ended, renewed) to the engine's decision. */
  dispatch(event: EngineEvent): Promise<unknown>
}

/** Whether a call changes the holder's passkeys (the options start an addition). */
function changesAccount(call: AccountCall): boolean {
  return call.op !== 'passkeys'
}

/** Whether the provider's newest factor of `session` is recent enough for an account change. */
function hasFreshFactor(session: StoredSession, now: number): boolean {
  return session.factorAt !== null && now - session.factorAt <= FRESH_FACTOR_MS
}

/**
 * Runs `call` on the signed-in holder's account. A session-ending answer signs out everywhere; a
 * new passkey's session replaces the stored one (and tabs hear its expiry).
 */
export async function runAccountCall(
  call: AccountCall,
  context: AccountCallContext,
): Promise<AccountResult> {
  const { clock, logger, reporter, provider, status } = context
  const { session, epoch } = await context.readState()
  if (session === null) return { ok: false, failure: { kind: 'signed-out' } }
  // A change needs the holder present: a sign-in within minutes, as the provider's factors show
  // (a re-authentication does not move them). The page cannot say so: only the provider can.
  if (changesAccount(call) && !hasFreshFactor(session, clock.now())) {
    return { ok: false, failure: { kind: 'reauth-needed' } }
  }
  const ask = async (next: AccountCall): Promise<AccountResult | Record<string, unknown>> => {
    const answer = await provider.account(session, next)
    if (answer.ok) {
      status.setOnline(true)
      return answer.data
    }
    if (answer.endedBy !== null) {
      await context.dispatch({ type: 'session-ended', epoch, reason: answer.endedBy })
    } else if (answer.failure.kind === 'unreachable') {
      status.setOnline(false)
    }
    return { ok: false, failure: answer.failure }
  }
  const isResult = (value: AccountResult | Record<string, unknown>): value is AccountResult =>
    value.ok === false
  const data = await ask(call)
  if (isResult(data)) return data
  if (call.op === 'passkey-options') {
    return { ok: true, creationOptions: readCreationOptions(data) }
  }
  if (call.op === 'passkey-register') {
    // The registration's answer carries the session with its new factor: keep it, tell the tabs.
    const session = toAuthenticatedSession(readRegisteredSession(data))
    await context.dispatch({ type: 'passkey-registered', epoch, session })
  }
  // Every change is followed by the list as the provider now has it.
  const me = call.op === 'passkeys' ? data : await ask({ op: 'passkeys' })
  if (isResult(me)) return me
  const { passkeys, dropped } = readPasskeys(me)
  if (dropped > 0) {
    logger.warn('Some passkeys could not be read', { dropped })
    reporter(new Error('Unexpected passkey data'), { op: 'passkeys', dropped })
  }
  return { ok: true, passkeys }
}
