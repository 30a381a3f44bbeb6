/** Service worker entry: precache and offline shell, and the host of the session engine. */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { dropReporter, isSkipWaitingMessage } from '../src/core/protocol.ts'
import { parseTabMessage } from '../src/core/tab-messages.ts'
import { createSessionEngine } from '../src/core/session-engine.ts'
import { createPlatformPorts } from '../src/platform/engine-ports.ts'
import { config } from '../src/config/env.ts'
import { timing } from '../src/config/timing.ts'
import { PERIODIC_SYNC_TAG, TAP_SYNC_TAG } from '../src/core/constants.ts'
import { engineConfig } from '../src/config/engine-config.ts'
import { startImageCache } from './images.ts'
import { reportFromWorker, tabSpoke, workerSecrets } from './report.ts'
import { reloadUnreadableWindow } from './unreadable-messages.ts'

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// Every navigation (`/tap?…` included) gets the precached shell: the app routes on the client.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')))
// The holder's event images, kept with the list for offline use.
startImageCache(config.imageOrigins)

// Errors nothing else caught are reported through a tab, like the engine's own failures.
self.addEventListener('error', (event) => {
  reportFromWorker(event.error ?? event.message, { mechanism: 'onerror' })
})
self.addEventListener('unhandledrejection', (event) => {
  reportFromWorker(event.reason, { mechanism: 'onunhandledrejection' })
})

// The engine notes the secrets its record holds where the worker's reporter reads them.
const ports = { ...createPlatformPorts(reportFromWorker), secrets: workerSecrets }
const engine = createSessionEngine(
  ports,
  engineConfig(config, timing, { location: self.location, userAgent: self.navigator.userAgent }),
)

// While the worker is awake it may as well keep its own clock; when it sleeps, a visible tab wakes
// it at the time its status names (`wakeAt`), and the schedule in IndexedDB takes over.
let wakeTimer: ReturnType<typeof setTimeout> | undefined
async function armWakeTimer(): Promise<void> {
  const at = await engine.nextWakeAt()
  // Cleared after the await, so overlapping calls leave exactly one timer.
  clearTimeout(wakeTimer)
  if (at === null) return
  wakeTimer = setTimeout(
    () => void engine.wake('heartbeat').then(armWakeTimer),
    Math.max(0, at - Date.now()),
  )
}

// The browser stops an idle worker, even mid-call, and never tells the tabs; the instance it
// starts next has nothing running and says so at its first wake, so tabs still showing
// "Refreshing…" from the stopped one are corrected at once.
let announced = false
function announceFreshStart(): void {
  if (announced) return
  announced = true
  void engine.announceStatus()
}

// A message the worker cannot read is said once per reason (a bug, or a tab of another release,
// which is also told to reload).
const onDropped = dropReporter((text) => ports.logger.warn(text))

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) {
    void self.skipWaiting()
    return
  }
  const message = parseTabMessage(event.data, onDropped)
  if (!message) {
    reloadUnreadableWindow(event.source)
    return
  }
  announceFreshStart()
  tabSpoke(event.source as Client | null, message)
  const port = event.ports[0]
  event.waitUntil(engine.receive(message, (reply) => port?.postMessage(reply)).then(armWakeTimer))
})

/** The Background Sync events, which TypeScript's worker types do not describe yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance?: boolean
}

// The network is back (no page need be open): settle the pending taps. Rejecting asks the
// browser to fire the sync again later, unless this was its last try.
self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent
  if (sync.tag !== TAP_SYNC_TAG) return
  announceFreshStart()
  sync.waitUntil(
    engine.settleTaps().then(async (settled) => {
      await armWakeTimer()
      if (!settled && !sync.lastChance) throw new Error('Taps still pending; retry later')
    }),
  )
})

// The app is closed; the browser lets the worker refresh now and then, under the same rules.
self.addEventListener('periodicsync', (event: Event) => {
  const sync = event as SyncEvent
  if (sync.tag !== PERIODIC_SYNC_TAG) return
  announceFreshStart()
  sync.waitUntil(engine.wake('periodic').then(armWakeTimer))
})

self.addEventListener('activate', (event) => {
  announceFreshStart()
  event.waitUntil(Promise.all([self.clients.claim(), engine.wake('activate').then(armWakeTimer)]))
})
