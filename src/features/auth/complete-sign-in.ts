/** What happens once the provider accepted a sign-in: hand-off, local cleanup, marker, leave. */
import type { AuthenticateData } from '../../core/provider-session.ts'
import { clearProviderLocalCopy } from '../../shared/provider-client.ts'
import { forgetReturnTarget } from './return-target.ts'
import { markSignedIn } from '../../session/markers.ts'
import type { SessionActions } from '../../session/session-client.ts'

/**
 * Returns the sign-in page's `complete`: hands the session to the host, removes the SDK's copy
 * (so no second refresh loop runs here), writes the spec's sign-in marker, and leaves with a full
 * page load, which also drops the SDK instance and its in-memory timer.
 */
export function completeSignIn(
  session: Pick<SessionActions, 'handoff'>,
  leave = (target: string) => window.location.replace(target),
) {
  return async (data: AuthenticateData, target: string): Promise<void> => {
    try {
      await session.handoff(data)
    } finally {
      // Even when the hand-off fails, the SDK's copy must not stay in page storage.
      clearProviderLocalCopy()
    }
    // Signed in: a way back kept for an emailed link is used up or, for any other sign-in, stale.
    forgetReturnTarget()
    markSignedIn()
    leave(target)
  }
}
