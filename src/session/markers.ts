/**
 * The spec's localStorage markers (§4): the time of this browser's last sign-in and last
 * sign-out, written by the tab where each happened; other tabs hear them as `storage` events.
 * Storage may be unavailable: then nothing is marked, and the host's broadcasts still reach
 * every tab.
 */
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import { markedSignedIn } from '../core/markers.ts'

function mark(key: string): void {
  try {
    localStorage.setItem(key, String(Date.now()))
  } catch {
    // Nothing marked; see above.
  }
}

/** Marks a sign-in in this browser. */
export const markSignedIn = () => mark(SIGNIN_EVENT_KEY)

/** Marks a sign-out in this browser. */
export const markSignedOut = () => mark(SIGNOUT_EVENT_KEY)

/** Whether the last thing the markers say happened in this browser is a sign-in. */
export function signedInMarked(): boolean {
  try {
    return markedSignedIn(
      localStorage.getItem(SIGNIN_EVENT_KEY),
      localStorage.getItem(SIGNOUT_EVENT_KEY),
    )
  } catch {
    return false
  }
}
