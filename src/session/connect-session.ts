/**
 * The page side of the session (this folder). The session lives in a host: the service worker,
 * or, where none can run, the same engine started in the page (`page-session-host.ts`). A tab
 * talks to its host only in the messages of `core/protocol.ts`: it posts `hello`, `handoff`,
 * `heartbeat`, `refresh`, `tap`, `signout` and `account` to the worker (`session-client.ts`), gets
 * its own `snapshot` and `account-result` back on a private port, and hears everything else (sign-in, sign-out, lists, status)
 * on the BroadcastChannel every tab shares. The worker's registration and update notices are in
 * `service-worker.ts`; `background-sync.ts` asks the browser to wake the worker with no page open.
 *
 * This module picks the host: the service worker where one can run, else the page itself.
 */
import {
  PROTOCOL_VERSION as v,
  TAB_MESSAGE,
  WORKER_MESSAGE,
  type SnapshotMessage,
} from '../core/protocol.ts'
import { registerServiceWorker } from './service-worker.ts'
import { createSessionClient, type SessionClient } from './session-client.ts'

/** A connected client, and the view to show until the host's own snapshot arrives (if any). */
export interface SessionConnection {
  client: SessionClient
  /** Set on a first visit: no worker is active yet, so there is no session either. */
  provisional: SnapshotMessage | null
}

/**
 * Registers the worker and connects to it; where no worker can run, loads the in-page host.
 * Call `client.hello()` once listeners are in place.
 */
export async function connectSession(): Promise<SessionConnection> {
  const registration = await registerServiceWorker()
  if (!registration) {
    const { createPageSessionClient } = await import('./page-session-host.ts')
    return { client: createPageSessionClient(), provisional: null }
  }
  const ready = navigator.serviceWorker.ready
  const client = createSessionClient('worker', (deliver) => {
    // What the worker posts to this tab alone (a report it cannot send itself) arrives here.
    navigator.serviceWorker.addEventListener('message', (event) => deliver(event.data))
    navigator.serviceWorker.startMessages()
    return (message) => {
      void ready.then((active) => {
        const worker = navigator.serviceWorker.controller ?? active.active
        if (message.type !== TAB_MESSAGE.hello && message.type !== TAB_MESSAGE.account) {
          worker?.postMessage(message)
          return
        }
        // The snapshot and account answers are for this tab only: they come back on a private port.
        const { port1, port2 } = new MessageChannel()
        port1.onmessage = (event) => {
          deliver(event.data)
          port1.close()
        }
        worker?.postMessage(message, [port2])
      })
    }
  })
  // A first visit shows the anonymous app at once instead of waiting for the precache.
  const provisional: SnapshotMessage | null = registration.active
    ? null
    : {
        v,
        type: WORKER_MESSAGE.snapshot,
        auth: { signedIn: false },
        events: null,
        status: { online: navigator.onLine, refreshing: false, pendingTaps: [] },
      }
  return { client, provisional }
}
