/**
 * The worker's offline event images: it keeps the images of the list it just fetched (and no
 * other), serves them when the network cannot, and drops them when the session ends or another
 * holder signs in. It hears of lists and sign-outs on the session channel, like any tab.
 */
import { WORKER_MESSAGE } from '../src/core/protocol.ts'
import { subscribeWorkerMessages } from '../src/platform/broadcast.ts'
import { createImageCache } from '../src/platform/image-cache.ts'

declare const self: ServiceWorkerGlobalScope

/** Starts the image cache for images on `origins` (the configured image origins). */
export function startImageCache(origins: readonly string[]): void {
  const images = createImageCache()
  // One change at a time, in the order the messages came, so a late list never outlives a sign-out.
  let queue: Promise<unknown> = Promise.resolve()
  const then = (work: () => Promise<unknown>) => {
    queue = queue.then(work).catch((error: unknown) => {
      console.warn('Event image cache', error)
    })
  }

  subscribeWorkerMessages((message) => {
    if (message.type === WORKER_MESSAGE.events) {
      const urls = message.events.flatMap((event) => (event.imageUrl ? [event.imageUrl] : []))
      then(() => images.keep(urls))
    } else if (message.type === WORKER_MESSAGE.signout || message.type === WORKER_MESSAGE.signin) {
      // A list's images still downloading stop now; the clear then runs next, not minutes later.
      images.stop()
      then(() => images.clear())
    }
  })

  // Event images on the allowed origins come from the kept copy first: offline, and on lie-fi,
  // the artwork shows with the list. Anything else goes to the network untouched.
  self.addEventListener('fetch', (event) => {
    const { request } = event
    if (request.method !== 'GET' || request.destination !== 'image') return
    if (!origins.includes(new URL(request.url).origin)) return
    event.respondWith(images.respond(request))
  })
}
