/**
 * The kill switch's worker (`npm run build:unregister`), for the day a release must be withdrawn:
 * it takes over at once, deletes every cache (the precache, the kept images), unregisters itself
 * and reloads each window it controlled, which then loads the page from the host, a page that
 * registers no worker. The session stays in IndexedDB, where the page's own engine finds it.
 */
declare const self: ServiceWorkerGlobalScope

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all((await caches.keys()).map((key) => caches.delete(key)))
      await self.registration.unregister()
      const windows = await self.clients.matchAll({ type: 'window' })
      await Promise.all(windows.map((client) => client.navigate(client.url).catch(() => null)))
    })(),
  )
})
