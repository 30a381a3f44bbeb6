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
import type { Logger, Reporter } from './ports.ts'
import type { ProviderCalls } from './provider-calls.ts'
import { toAuthenticatedSession } from './provider-session.ts'

/** What an account call needs of the engine running it. */
export interface AccountCallContext {
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

/**
 * A change needs the holder present: a sign-in within minutes, as the provider's factors show in a
 * fresh answer (a re-authentication does not move them), measured by the provider's clock. Never
 * from the stored record: a script of the page can write that. Null when the holder is present;
 * else why the change cannot go ahead.
 */
async function stepUp(
  session: StoredSession,
  epoch: number,
  context: AccountCallContext,
): Promise<AccountResult | null> {
  const outcome = await context.provider.stepUp(session, FRESH_FACTOR_MS)
  switch (outcome.kind) {
    case 'checked':
      context.status.setOnline(true)
      return outcome.present ? null : { ok: false, failure: { kind: 'reauth-needed' } }
    case 'unrecoverable':
      context.status.setOnline(true)
      await context.dispatch({ type: 'session-ended', epoch, reason: outcome.errorType })
      return { ok: false, failure: { kind: 'signed-out' } }
    case 'recoverable':
      if (!outcome.unexpected) {
        context.status.setOnline(false)
        return { ok: false, failure: { kind: 'unreachable' } }
      }
      context.logger.warn('Step-up answer not understood', { reason: outcome.reason })
      context.reporter(new Error(`Error checking presence: ${outcome.reason}`), {
        op: 'step-up',
        status: outcome.status ?? 0,
      })
      return { ok: false, failure: { kind: 'refused', errorType: null } }
  }
}

/**
 * Runs `call` on the signed-in holder's account. A session-ending answer signs out everywhere; a
 * new passkey's session replaces the stored one (and tabs hear its expiry).
 */
export async function runAccountCall(
  call: AccountCall,
  context: AccountCallContext,
): Promise<AccountResult> {
  const { logger, reporter, provider, status } = context
  const { session, epoch } = await context.readState()
  if (session === null) return { ok: false, failure: { kind: 'signed-out' } }
  if (changesAccount(call)) {
    const refused = await stepUp(session, epoch, context)
    if (refused !== null) return refused
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
