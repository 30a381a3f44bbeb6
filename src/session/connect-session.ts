/**
 * The page side of the session (this folder). The session lives in a host: the service worker,
 * or, where none can run, the same engine started in the page (`page-session-host.ts`). A tab
 * talks to its host only in the messages of `core/protocol.ts`: it posts `hello`, `handoff`,
 * `heartbeat`, `refresh`, `tap`, `signout` and `account` to the worker (`session-client.ts`), gets
 * its own `snapshot`, `handoff-result` and `account-result` back on a private port, and hears everything else (sign-in, sign-out, lists, status)
 * on the BroadcastChannel every tab shares. The worker's registration and update notices are in
 * `service-worker.ts`; `background-sync.ts` asks the browser to wake the worker with no page open.
 *
 * This module picks the host: the service worker where one can run, else the page itself.
 */
import { idleStatus, TAB_MESSAGE, type SnapshotMessage } from '../core/protocol.ts'
import { signedOutSnapshot } from '../core/signed-out-snapshot.ts'
import { isDevServer, workerWithdrawn } from '../config/env.ts'
import { idleAfter } from '../shared/idle-after.ts'
import { signedInMarked } from './markers.ts'
import { registerServiceWorker } from './service-worker.ts'
import { createSessionClient, type SessionClient } from './session-client.ts'

/** What the tab needs before it can connect. */
export interface ConnectOptions {
  /** Settles once the first screen is on the page: a first visit registers its worker only then. */
  firstScreen: Promise<unknown>
  /**
   * Shows the view to use until the host's own snapshot arrives, where there is one to show at
   * once: no worker is active yet (a first visit), so there is no session either.
   */
  provisional(snapshot: SnapshotMessage): void
}

/**
 * The anonymous view of a tab that has no session host yet: no call has failed (the device's own
 * network is the store's other word on reachability).
 */
const anonymous = (): SnapshotMessage => signedOutSnapshot(idleStatus())

/** This origin's registration where one has an active worker, else null. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  try {
    const registration = await navigator.serviceWorker.getRegistration('/')
    return registration?.active ? registration : null
  } catch {
    return null
  }
}

/**
 * Registers the worker and connects to it; where no worker can run, loads the in-page host.
 *
 * Where a worker is active, the tab talks to it at once; the registration (an update check) runs
 * beside. On a first visit (no active worker here, and no sign-in on the markers) the anonymous
 * app is shown at once and the worker is registered only after the first screen, once the page is
 * idle: installing it fetches and stores every asset of the app, which must not compete with the
 * page's own start (decision 015). Call `client.hello()` once listeners are in place.
 */
export async function connectSession(options: ConnectOptions): Promise<SessionClient> {
  // The dev server builds no worker, and the kill switch's build withdraws it: the session engine
  // then runs in the page (same code).
  if (!isDevServer && !workerWithdrawn && 'serviceWorker' in navigator) {
    if (await activeRegistration()) {
      // A worker is running here: talk to it at once. Registering again only checks for a new
      // version, which can take a while (the browser fetches the worker's script again).
      void registerServiceWorker()
      return connectWorker()
    }
    const firstVisit = !signedInMarked()
    if (firstVisit) {
      options.provisional(anonymous())
      await idleAfter(options.firstScreen)
    }
    const registration = await registerServiceWorker()
    if (registration) {
      // Registered but not active yet (its install can take a while): no session either.
      if (!registration.active && !firstVisit) options.provisional(anonymous())
      return connectWorker()
    }
  }
  const { createPageSessionClient } = await import('./page-session-host.ts')
  return createPageSessionClient()
}

/** A client of the service worker (registered). */
function connectWorker(): SessionClient {
  const ready = navigator.serviceWorker.ready
  return createSessionClient('worker', (deliver) => {
    // What the worker posts to this tab alone (a report it cannot send itself) arrives here.
    navigator.serviceWorker.addEventListener('message', (event) => deliver(event.data))
    navigator.serviceWorker.startMessages()
    return (message) => {
      void ready.then((active) => {
        const worker = navigator.serviceWorker.controller ?? active.active
        if (
          message.type !== TAB_MESSAGE.hello &&
          message.type !== TAB_MESSAGE.account &&
          message.type !== TAB_MESSAGE.handoff
        ) {
          worker?.postMessage(message)
          return
        }
        // The snapshot, account and hand-off answers are for this tab only: they come back on a
        // private port.
        const { port1, port2 } = new MessageChannel()
        port1.onmessage = (event) => {
          deliver(event.data)
          port1.close()
        }
        worker?.postMessage(message, [port2])
      })
    }
  })
}
