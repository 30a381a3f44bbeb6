/** Adding a passkey on this device: options from the worker, the browser's ceremony, the credential back. */
import type { MessageDescriptor } from '@lingui/core'
import type { AccountFailure, Passkey } from '../../core/account-messages.ts'
import type { SessionActions } from '../../session/session-client.ts'
import { passkeyCeremonyMessage } from '../../shared/passkey-errors.ts'
import { accountFailureMessage } from './account-failure.ts'
import type { createPasskey } from './create-passkey.ts'

/**
 * The holder's passkeys after adding one, or what to tell them (null: nothing, they called it off)
 * and whether the worker asks for a recent sign-in first.
 */
export type AddPasskeyOutcome =
  { ok: true; passkeys: Passkey[] } | { ok: false; text: MessageDescriptor | null; reauth?: true }

/**
 * Runs the three steps; a failure of any is said in words. Rejects only for what is neither a
 * provider answer nor a ceremony error (a bug, to be reported by the caller).
 */
export async function addPasskey(
  account: SessionActions['account'],
  create: typeof createPasskey,
): Promise<AddPasskeyOutcome> {
  const options = await account({ op: 'passkey-options' })
  if (!options.ok) return failed(options.failure)
  if (!('creationOptions' in options)) throw new Error('Passkey options missing')
  let credential: string
  try {
    credential = await create(options.creationOptions)
  } catch (error) {
    const text = passkeyCeremonyMessage(error, 'create')
    if (text === undefined) throw error
    return { ok: false, text }
  }
  const registered = await account({ op: 'passkey-register', credential })
  if (!registered.ok) return failed(registered.failure)
  if (!('passkeys' in registered)) throw new Error('Passkey list missing')
  return { ok: true, passkeys: registered.passkeys }
}

/** A failed step in words, marked when the cure is a fresh sign-in. */
function failed(failure: AccountFailure): AddPasskeyOutcome {
  const text = accountFailureMessage(failure)
  return failure.kind === 'reauth-needed' ? { ok: false, text, reauth: true } : { ok: false, text }
}
