/** Connects the session host to the store: the app's one piece of session glue. */
import { SIGNIN_EVENT_KEY, SIGNOUT_EVENT_KEY } from '../core/constants.ts'
import {
  idleStatus,
  PROTOCOL_VERSION as v,
  WORKER_MESSAGE,
  type ReportMessage,
  type WorkerMessage,
} from '../core/protocol.ts'
import { signedOutSnapshot } from '../core/signed-out-snapshot.ts'
import { connectSession } from '../session/connect-session.ts'
import { markSignedOut, signedInMarked } from '../session/markers.ts'
import { reportError, setReportSecrets } from '../shared/error-reporting.ts'
import { queryValues } from '../core/known-secrets.ts'
import { keepPeriodicRefresh, requestTapSync } from '../session/background-sync.ts'
import { persistStorageWhenSignedIn } from '../session/persistent-storage.ts'
import { forgetExpiredReturnTarget, forgetReturnTarget } from '../features/auth/return-target.ts'
import { forgetWallet } from '../features/wallet/wallet-storage.ts'
import type { SessionActions, SessionMode } from '../session/session-client.ts'
import { selectHolder, type AppStore } from '../store/app-store.ts'

/** The worker's error as an Error again, so the report shows its name, message and stack. */
function reportFromWorker(message: ReportMessage): void {
  const error = new Error(message.message)
  error.name = message.name || 'Error'
  if (message.stack) error.stack = message.stack
  reportError(error, { ...message.context, source: 'worker' })
}

/** Where earlier versions kept a tap made offline, before the session host kept taps. */
const LEGACY_TAP_DATABASE = 'iyk-cards-taps'

function forgetLegacyTapDatabase(): void {
  try {
    indexedDB.deleteDatabase(LEGACY_TAP_DATABASE)
  } catch {
    // No IndexedDB here: nothing was kept either.
  }
}

/** A started session: the actions screens use, and the way to stop listening. */
export interface StartedSession {
  /** What screens ask of the host; each waits for the connection. */
  actions: SessionActions
  /**
   * Removes every listener and subscription the wiring added (on the window, the store and the
   * host's client, the client's once it connects); the connection itself stays open.
   */
  dispose(): void
}

/**
 * Starts the session connection; returns the actions screens use (they wait for the connection)
 * and `dispose`. `firstScreen` settles once the app's first screen is on the page (a first visit
 * registers its worker only then).
 */
export function startSession(
  store: AppStore,
  {
    firstScreen,
    reload = () => window.location.reload(),
  }: { firstScreen: Promise<unknown>; reload?: () => void },
): StartedSession {
  // What undoes each listener and subscription; one added after `dispose` is undone at once.
  const removals: (() => void)[] = []
  let disposed = false
  const keep = (remove: () => void) => {
    if (disposed) remove()
    else removals.push(remove)
  }
  const listen = <K extends keyof WindowEventMap>(
    type: K,
    listener: (event: WindowEventMap[K]) => void,
  ) => {
    window.addEventListener(type, listener)
    keep(() => window.removeEventListener(type, listener))
  }

  // The host only learns it is offline when a call fails; the browser knows at once. The store
  // holds both words, and `selectReachability` decides from them.
  const apply = (message: WorkerMessage) => store.getState().apply(message)
  const deviceNetwork = () => store.getState().setDeviceOnline(navigator.onLine)
  deviceNetwork()
  listen('online', deviceNetwork)
  listen('offline', deviceNetwork)

  // What the markers said as this page opened. A first answer from the host that disagrees means
  // the session ended while no tab was open (a background refresh found it gone, or the browser
  // dropped the host's storage): nothing ran the sign-out's local part then, so this page does.
  const markedSignedIn = signedInMarked()
  let answered = false

  let mode: SessionMode | null = null
  const connection = connectSession({
    firstScreen,
    provisional: (snapshot) => {
      if (!disposed) apply(snapshot)
    },
  }).then((client) => {
    mode = client.mode
    keep(client.subscribe(apply))
    keep(
      client.subscribe((message) => {
        if (answered || message.type !== WORKER_MESSAGE.snapshot) return
        answered = true
        if (markedSignedIn && !message.auth.signedIn) {
          forgetHolder()
          markSignedOut()
        }
      }),
    )
    // The worker posts its reports to one tab only, so this tab reports each one it receives.
    keep(
      client.subscribe((message) => {
        if (message.type !== WORKER_MESSAGE.report) return
        reportFromWorker(message)
        client.reportReceived(message.id)
      }),
    )
    client.hello()
    return client
  })
  connection.catch((error: unknown) => {
    // No host at all (no BroadcastChannel, a failed chunk): the app still opens, signed out.
    console.error('Session unavailable', error)
    if (!disposed) apply(signedOutSnapshot(idleStatus()))
  })

  // Taps from before the worker kept them lived in a database of their own: none is kept there now.
  forgetLegacyTapDatabase()
  // A way back kept for a link or a round trip that has expired is of no use, only a trace.
  forgetExpiredReturnTarget()

  // Taps the host could not settle: the browser wakes the worker when the network is back (no
  // page need be open then). Asked once per tap, when its first refresh ends with it still kept:
  // asking again after the refresh a sync event ran itself would make the browser fire the event
  // again at once, bypassing both its own backoff and the engine's.
  const syncAskedFor = new Set<string>()
  keep(
    store.subscribe((state) => {
      const { pendingTaps, refreshing } = state.net
      if (refreshing) return
      const fresh = pendingTaps.filter((query) => !syncAskedFor.has(query))
      if (fresh.length === 0) return
      for (const query of fresh) syncAskedFor.add(query)
      void requestTapSync().then((asked) => {
        // Not asked (no controlling worker yet): the next refresh that ends may ask.
        if (!asked) for (const query of fresh) syncAskedFor.delete(query)
      })
    }),
  )

  // Reports leave this page without what it knows of the holder, in any encoding (decision 006).
  const knowHolder = (state: ReturnType<AppStore['getState']>) => {
    const holder = selectHolder(state)
    setReportSecrets('holder', [
      holder?.email ?? null,
      holder?.phone ?? null,
      ...state.net.pendingTaps.flatMap((query) => queryValues(query)),
    ])
  }
  knowHolder(store.getState())
  keep(store.subscribe(knowHolder))

  // A periodic refresh while the app is closed, for a signed-in holder only.
  keep(
    store.subscribe((state, previous) => {
      if (state.auth.status === previous.auth.status || state.auth.status === 'unknown') return
      void keepPeriodicRefresh(state.auth.status === 'signed-in')
    }),
  )
  // Storage the browser keeps under pressure (the session's record, the list): asked per sign-in.
  keep(persistStorageWhenSignedIn(store))

  // Sign-out or session loss: forget a way back kept for a sign-in link, the wallet, the app's
  // badge and the error reports still queued offline (they were the holder's; the host drops the
  // taps). The signed-in
  // layout leaves its pages by itself.
  const forgetHolder = () => {
    syncAskedFor.clear()
    forgetReturnTarget()
    forgetWallet()
    // The icon's count of today's events (set by the list) was the holder's too.
    navigator.clearAppBadge?.().catch(() => {})
    // Off the start-up path: a chunk of its own, precached by the worker for an offline sign-out.
    import('../shared/report-queue.ts').then(
      ({ forgetQueuedReports }) => forgetQueuedReports(),
      () => {}, // Not loaded (offline without a worker): the queue waits for the next sign-out.
    )
  }
  keep(
    store.subscribe((state, previous) => {
      if (previous.auth.status === 'signed-in' && state.auth.status === 'anonymous') forgetHolder()
    }),
  )

  // The spec's marker rules, for tabs whose session runs in the page (a worker's broadcasts
  // cover the others): reload on sign-in if signed out; on sign-out apply it like a broadcast.
  listen('storage', (event) => {
    if (mode !== 'page') return
    if (event.key === SIGNIN_EVENT_KEY && store.getState().auth.status !== 'signed-in') {
      reload()
    } else if (event.key === SIGNOUT_EVENT_KEY) {
      store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
    }
  })

  return {
    actions: {
      handoff: async (data) => (await connection).handoff(data),
      refresh: () => void connection.then((client) => client.refresh()).catch(() => {}),
      tap: (query) => void connection.then((client) => client.tap(query)).catch(() => {}),
      signOut: async () => (await connection).signOut(),
      account: async (call) => (await connection).account(call),
    },
    dispose() {
      disposed = true
      for (const remove of removals.splice(0)) remove()
    },
  }
}
