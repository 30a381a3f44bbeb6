/** Service worker entry: precache the shell, serve every navigation from it, take updates on request. */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every navigation (`/tap?…` included) gets the precached shell: the app routes on the client.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')))

// workbox-window's messageSkipWaiting(): the user chose "Reload" on the update prompt.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
