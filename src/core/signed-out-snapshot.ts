/** The snapshot of a tab with no session: signed out, no list kept. */
import {
  PROTOCOL_VERSION,
  WORKER_MESSAGE,
  type SnapshotMessage,
  type StatusView,
} from './protocol.ts'

/**
 * A signed-out snapshot with the given status: the engine's answer to a hello when its state
 * cannot be read, and a tab's own view while it has no host, or none at all.
 */
export function signedOutSnapshot(status: StatusView): SnapshotMessage {
  return {
    v: PROTOCOL_VERSION,
    type: WORKER_MESSAGE.snapshot,
    auth: { signedIn: false },
    events: null,
    status,
  }
}
