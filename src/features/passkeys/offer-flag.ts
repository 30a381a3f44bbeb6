/** Whether this device has had its passkey offer: a fact about the device, never the holder. */

/** localStorage key of the flag (allowed to stay after sign-out). */
export const PASSKEY_OFFERED_KEY = 'passkey-offered'

/** True once the offer was made here (or when storage cannot tell: no offer then). */
export function offeredBefore(): boolean {
  try {
    return localStorage.getItem(PASSKEY_OFFERED_KEY) !== null
  } catch {
    return true
  }
}

/** Notes that the offer was made here. */
export function markOffered(): void {
  try {
    localStorage.setItem(PASSKEY_OFFERED_KEY, '1')
  } catch {
    // Without storage the offer may come again; nothing is lost.
  }
}
