/**
 * The holder's event images kept for offline use (Cache Storage): exactly the images of the last
 * list, bounded in count and bytes, for a day like the list, and gone with the session.
 *
 * Only images their host lets the app read (CORS) are kept: their size is known, so the bounds
 * hold. An opaque (no-CORS) answer would count as megabytes against the origin's quota whatever
 * its size, and could crowd out the session's own database.
 */
import {
  EVENTS_CACHE_TTL_MS,
  IMAGE_CACHE_NAME,
  MAX_CACHED_IMAGE_BYTES,
  MAX_CACHED_IMAGES,
  MAX_CACHED_IMAGES_BYTES,
} from '../core/constants.ts'

/** Header recording when an entry was stored (epoch ms), so entries older than a day are ignored. */
const STORED_AT = 'x-iyk-stored-at'

/** Time allowed to fetch one image. */
const IMAGE_TIMEOUT_MS = 8_000

/** The answer for an image neither kept nor reachable, as a proxy with no upstream gives. */
const offlineImage = () => new Response(null, { status: 504, statusText: 'Gateway Timeout' })

/** What the cache needs from its host; tests pass fakes. */
export interface ImageCacheDeps {
  caches: CacheStorage
  fetch(input: string, init: RequestInit): Promise<Response>
  /** Sends a page's own request to the network untouched. */
  forward(request: Request): Promise<Response>
  now(): number
}

/** What `keep` did, for logs and tests. */
export interface KeepResult {
  kept: number
  fetched: number
  skipped: number
}

/** The offline image cache. */
export interface ImageCache {
  /** Makes the cache hold exactly these images (as far as the bounds allow), fetching the missing ones. */
  keep(urls: readonly string[]): Promise<KeepResult>
  /**
   * Stops a `keep` under way at once: it fetches and stores nothing more. A sign-out calls it
   * before `clear`, which would otherwise wait behind a slow `keep` (up to minutes on a bad
   * network) that goes on storing the holder's images, and may never run if the browser stops the
   * worker meanwhile.
   */
  stop(): void
  /** Deletes every kept image (sign-out, another holder's sign-in). */
  clear(): Promise<void>
  /** The kept image for `url` if it is under a day old. */
  match(url: string): Promise<Response | undefined>
  /**
   * A page's image request answered: the kept copy, else the network's answer, else (no network)
   * an empty 504, which the page shows as a failed image. It never rejects, nor answers
   * `Response.error()`: WebKit reports either as a rejection nothing handled in the worker.
   */
  respond(request: Request): Promise<Response>
}

const defaultDeps = (): ImageCacheDeps => ({
  caches: globalThis.caches,
  fetch: (input, init) => globalThis.fetch(input, init),
  forward: (request) => globalThis.fetch(request),
  now: () => Date.now(),
})

/** Creates the cache over Cache Storage. */
export function createImageCache(deps: ImageCacheDeps = defaultDeps()): ImageCache {
  const open = () => deps.caches.open(IMAGE_CACHE_NAME)
  /** Aborted by `stop`: the signal of the `keep` under way. */
  let running = new AbortController()

  /** The image's bytes and type if its host allows reading it and it is within the bounds. */
  async function download(
    url: string,
    stopped: AbortSignal,
  ): Promise<{ body: Blob; type: string } | null> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), IMAGE_TIMEOUT_MS)
    const stop = () => controller.abort()
    stopped.addEventListener('abort', stop)
    try {
      const response = await deps.fetch(url, {
        mode: 'cors',
        credentials: 'omit',
        signal: controller.signal,
      })
      const type = response.headers.get('content-type') ?? ''
      if (!response.ok || !type.toLowerCase().startsWith('image/')) return null
      const body = await response.blob()
      return body.size <= MAX_CACHED_IMAGE_BYTES ? { body, type } : null
    } catch {
      // No CORS, offline, timed out: the image simply is not kept.
      return null
    } finally {
      clearTimeout(timer)
      stopped.removeEventListener('abort', stop)
    }
  }

  async function storedSize(cache: Cache, url: string): Promise<number | null> {
    const hit = await cache.match(url)
    if (!hit || !isFresh(hit)) return null
    return (await hit.clone().blob()).size
  }

  function isFresh(response: Response): boolean {
    const at = Number(response.headers.get(STORED_AT))
    return Number.isFinite(at) && deps.now() - at < EVENTS_CACHE_TTL_MS
  }

  async function match(url: string): Promise<Response | undefined> {
    if (!(await deps.caches.has(IMAGE_CACHE_NAME))) return undefined
    const hit = await (await open()).match(url)
    return hit && isFresh(hit) ? hit : undefined
  }

  return {
    async keep(urls) {
      const { signal } = (running = new AbortController())
      const wanted = [...new Set(urls)].slice(0, MAX_CACHED_IMAGES)
      const cache = await open()
      for (const request of await cache.keys()) {
        if (!wanted.includes(request.url)) await cache.delete(request)
      }
      let total = 0
      const result: KeepResult = { kept: 0, fetched: 0, skipped: urls.length - wanted.length }
      for (const url of wanted) {
        if (signal.aborted) break
        const size = await storedSize(cache, url)
        if (size !== null && total + size <= MAX_CACHED_IMAGES_BYTES) {
          total += size
          result.kept += 1
          continue
        }
        const image = size === null ? await download(url, signal) : null
        if (signal.aborted) break
        if (image === null || total + image.body.size > MAX_CACHED_IMAGES_BYTES) {
          await cache.delete(url)
          result.skipped += 1
          continue
        }
        await cache.put(
          url,
          new Response(image.body, {
            headers: { 'content-type': image.type, [STORED_AT]: String(deps.now()) },
          }),
        )
        total += image.body.size
        result.kept += 1
        result.fetched += 1
      }
      return result
    },
    stop() {
      running.abort()
    },
    async clear() {
      await deps.caches.delete(IMAGE_CACHE_NAME)
    },
    match,
    async respond(request) {
      const kept = await match(request.url).catch(() => undefined)
      if (kept) return kept
      return deps.forward(request).catch(() => offlineImage())
    },
  }
}
