/** Adding a passkey on this device: options from the worker, the browser's ceremony, the credential back. */
import type { Passkey } from '../../core/account-calls.ts'
import type { SessionActions } from '../../session/session-client.ts'
import { passkeyCeremonyText } from '../../shared/passkey-errors.ts'
import { accountFailureText } from './account-failure.ts'
import type { createPasskey } from './create-passkey.ts'

/** The holder's passkeys after adding one, or what to tell them (null: nothing, they called it off). */
export type AddPasskeyOutcome =
  { ok: true; passkeys: Passkey[] } | { ok: false; text: string | null }

/**
 * Runs the three steps; a failure of any is said in words. Rejects only for what is neither a
 * provider answer nor a ceremony error (a bug, to be reported by the caller).
 */
export async function addPasskey(
  account: SessionActions['account'],
  create: typeof createPasskey,
): Promise<AddPasskeyOutcome> {
  const options = await account({ op: 'passkey-options' })
  if (!options.ok) return { ok: false, text: accountFailureText(options.failure) }
  if (!('creationOptions' in options)) throw new Error('Passkey options missing')
  let credential: string
  try {
    credential = await create(options.creationOptions)
  } catch (error) {
    const text = passkeyCeremonyText(error, 'create')
    if (text === undefined) throw error
    return { ok: false, text }
  }
  const registered = await account({ op: 'passkey-register', credential })
  if (!registered.ok) return { ok: false, text: accountFailureText(registered.failure) }
  if (!('passkeys' in registered)) throw new Error('Passkey list missing')
  return { ok: true, passkeys: registered.passkeys }
}
