/** Signing in with a passkey through the provider SDK (its `webauthn.authenticate`), then the usual hand-off. */
import { SESSION_DURATION_MINUTES } from '../../core/constants.ts'
import { parseAuthenticateData, type AuthenticateData } from '../../core/provider-session.ts'
import { loadProviderClient, withDeadline } from '../../shared/provider-client.ts'

/**
 * How long a passkey sign-in from the button may take: the device's own dialog waits for the
 * holder (browsers time it out after a few minutes), so this only ends a provider that never answers.
 */
export const PASSKEY_SIGN_IN_TIMEOUT_MS = 180_000

/** What the passkey sign-in needs from the provider; tests pass their own. */
export interface PasskeyProvider {
  /** Whether this browser can offer passkeys in the email field's autofill. */
  autofillAvailable(): Promise<boolean>
  /**
   * Asks the device for a passkey of this site and signs in with it. `conditional`: through the
   * email field's autofill (waits until the holder picks one, or `signal` aborts); resolves null
   * when the SDK declines to start it. Rejects with the browser's DOMException when the holder
   * cancels, or with the provider's error when it refuses the passkey.
   */
  authenticate(options: {
    conditional: boolean
    signal?: AbortSignal
  }): Promise<AuthenticateData | null>
}

/** Whether the browser has WebAuthn at all (secure context, PublicKeyCredential). */
export function passkeysAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function'
  )
}

/** The real provider, through `@stytch/vanilla-js` headless. */
export const stytchPasskeys: PasskeyProvider = {
  async autofillAvailable() {
    if (!passkeysAvailable()) return false
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) ?? false
  },
  async authenticate({ conditional, signal }) {
    const client = await loadProviderClient()
    const request = client.webauthn.authenticate({
      domain: window.location.hostname,
      session_duration_minutes: SESSION_DURATION_MINUTES,
      is_passkey: true,
      conditional_mediation: conditional,
      ...(signal ? { signal } : {}),
    })
    // Autofill waits for the holder for as long as the page is open: no deadline there.
    const data = conditional
      ? await request
      : await withDeadline(request, PASSKEY_SIGN_IN_TIMEOUT_MS)
    return data === null ? null : parseAuthenticateData(data)
  },
}
