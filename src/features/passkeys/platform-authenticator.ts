/** What this device can do with passkeys, asked without loading any passkey code. */

/** Whether this browser can make passkeys at all (a secure page with WebAuthn). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function'
  )
}

/** Whether the device can make a passkey with its own screen lock (fingerprint, face, PIN). */
export async function hasPlatformAuthenticator(): Promise<boolean> {
  if (!passkeysSupported()) return false
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
  } catch {
    return false
  }
}
