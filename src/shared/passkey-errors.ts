/**
 * What a passkey ceremony that the browser ended says to a holder: adding one (account) and
 * signing in with one (auth) meet the same `DOMException`s, which name what happened.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Which ceremony failed: creating a passkey, or signing in with one. */
export type PasskeyCeremony = 'create' | 'get'

/** Said when the browser cannot use passkeys at all. */
export const NO_PASSKEY_SUPPORT_MESSAGE: MessageDescriptor = msg`This browser can’t use passkeys. Try another way to sign in.`

const CREATE_NOT_ALLOWED = msg`Adding a passkey was cancelled or timed out. Try again when you’re ready.`
const GET_NOT_ALLOWED = msg`Signing in with a passkey was cancelled, or this device has no passkey for IYK Cards. Try again, or sign in with a code.`
const CREATE_INVALID_STATE = msg`This device already has a passkey for your account.`
const GET_INVALID_STATE = msg`This passkey can’t be used here. Sign in with a code.`
const WRONG_ADDRESS = msg`Passkeys don’t work at this address. Open IYK Cards at its usual address and try again.`
const CREATE_NOT_SUPPORTED = msg`This device can’t make a passkey. You can keep signing in with a code.`

/**
 * Words for a ceremony the browser refused, or null when the app itself called it off (an
 * `AbortError`, e.g. the autofill request given up for the button) and there is nothing to say.
 * Anything else (not a DOMException) is not a ceremony error: undefined.
 */
export function passkeyCeremonyMessage(
  error: unknown,
  ceremony: PasskeyCeremony,
): MessageDescriptor | null | undefined {
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined
  switch (name) {
    case 'AbortError':
      return null
    case 'NotAllowedError':
      // Chromium and Safari say this for a cancelled dialog, a timeout, and (signing in) a
      // device that has no passkey for this site: one message has to cover them all.
      return ceremony === 'create' ? CREATE_NOT_ALLOWED : GET_NOT_ALLOWED
    case 'InvalidStateError':
      return ceremony === 'create' ? CREATE_INVALID_STATE : GET_INVALID_STATE
    case 'SecurityError':
      return WRONG_ADDRESS
    case 'NotSupportedError':
      return ceremony === 'create' ? CREATE_NOT_SUPPORTED : NO_PASSKEY_SUPPORT_MESSAGE
    default:
      return undefined
  }
}
