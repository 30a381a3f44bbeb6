/**
 * What a passkey ceremony that the browser ended says to a holder: adding one (account) and
 * signing in with one (auth) meet the same `DOMException`s, which name what happened.
 */

/** Which ceremony failed: creating a passkey, or signing in with one. */
export type PasskeyCeremony = 'create' | 'get'

/** Said when the browser cannot use passkeys at all. */
export const NO_PASSKEY_SUPPORT = 'This browser can’t use passkeys. Try another way to sign in.'

/**
 * Words for a ceremony the browser refused, or null when the app itself called it off (an
 * `AbortError`, e.g. the autofill request given up for the button) and there is nothing to say.
 * Anything else (not a DOMException) is not a ceremony error: undefined.
 */
export function passkeyCeremonyText(
  error: unknown,
  ceremony: PasskeyCeremony,
): string | null | undefined {
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined
  switch (name) {
    case 'AbortError':
      return null
    case 'NotAllowedError':
      // Chromium and Safari say this for a cancelled dialog, a timeout, and (signing in) a
      // device that has no passkey for this site: one message has to cover them all.
      return ceremony === 'create'
        ? 'Adding a passkey was cancelled or timed out. Try again when you’re ready.'
        : 'Signing in with a passkey was cancelled, or this device has no passkey for IYK Cards. Try again, or sign in with a code.'
    case 'InvalidStateError':
      return ceremony === 'create'
        ? 'This device already has a passkey for your account.'
        : 'This passkey can’t be used here. Sign in with a code.'
    case 'SecurityError':
      return 'Passkeys don’t work at this address. Open IYK Cards at its usual address and try again.'
    case 'NotSupportedError':
      return ceremony === 'create'
        ? 'This device can’t make a passkey. You can keep signing in with a code.'
        : NO_PASSKEY_SUPPORT
    default:
      return undefined
  }
}
