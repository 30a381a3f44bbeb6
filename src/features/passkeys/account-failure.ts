/** What a holder is told when the worker could not make a passkey call for their account. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AccountFailure } from '../../core/account-messages.ts'

const NEEDS_VERIFIED = msg`Passkeys need a verified email address or phone number. Sign in once with a code, then add a passkey.`

/** Why the holder is asked to sign in again before a change to their passkeys. */
export const REAUTH_MESSAGE: MessageDescriptor = msg`For your safety, sign in again to change passkeys.`

const SIGNED_OUT = msg`You’re signed out. Sign in again to manage your passkeys.`
const UNREACHABLE = msg`Can’t reach the sign-in service. Check your connection and try again.`
const REFUSED = msg`The sign-in service didn’t accept that. Try again in a moment.`

/** Provider refusals with words of their own (the rest read as a general refusal). */
const REFUSALS: Record<string, MessageDescriptor> = {
  webauthn_registration_not_found: msg`That passkey is no longer on your account.`,
  cannot_use_webauthn_with_pending_user: NEEDS_VERIFIED,
  unverified_user_for_webauthn_registration: NEEDS_VERIFIED,
  unable_to_register_webauthn_registration: msg`This passkey could not be added. Try again, or use another device.`,
  no_pending_webauthn_registration: msg`Adding the passkey took too long. Try again.`,
  invalid_domain: msg`Passkeys don’t work at this address. Open IYK Cards at its usual address.`,
  invalid_webauthn_registration_name: msg`Choose a shorter name, without special characters.`,
  too_many_requests: msg`Too many tries. Wait a minute, then try again.`,
}

/** Words for an account call that did not happen; never an error type or status code. */
export function accountFailureMessage(failure: AccountFailure): MessageDescriptor {
  switch (failure.kind) {
    case 'signed-out':
      return SIGNED_OUT
    case 'reauth-needed':
      return REAUTH_MESSAGE
    case 'unreachable':
      return UNREACHABLE
    case 'refused':
      return (failure.errorType !== null ? REFUSALS[failure.errorType] : undefined) ?? REFUSED
  }
}
