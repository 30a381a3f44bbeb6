/** The offline image cache over a fake Cache Storage: exactly the list's images, bounded, a day, gone on clear. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  EVENTS_CACHE_TTL_MS,
  IMAGE_CACHE_NAME,
  MAX_CACHED_IMAGE_BYTES,
  MAX_CACHED_IMAGES,
  MAX_CACHED_IMAGES_BYTES,
} from '../core/constants.ts'
import { createImageCache, type ImageCache } from './image-cache.ts'

/** Cache Storage in memory: just what the image cache calls. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const cacheFor = (entries: Map<string, Response>) =>
    ({
      async match(url: string) {
        return entries.get(url)?.clone()
      },
      async put(url: string, response: Response) {
        entries.set(url, response)
      },
      async delete(request: string | Request) {
        return entries.delete(typeof request === 'string' ? request : request.url)
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url))
      },
    }) as unknown as Cache
  const caches = {
    async open(name: string) {
      const entries = stores.get(name) ?? new Map<string, Response>()
      stores.set(name, entries)
      return cacheFor(entries)
    },
    async has(name: string) {
      return stores.has(name)
    },
    async delete(name: string) {
      return stores.delete(name)
    },
  } as unknown as CacheStorage
  return { caches, stores }
}

const url = (n: number) => `https://img.example/${n}.png`

let now = 1_000_000
let fetched: string[]
/** The signal each fetch was given, by URL. */
let signals: Map<string, AbortSignal | null | undefined>
let answers: Map<string, () => Response | Promise<Response>>
/** The pages' requests passed on to the network. */
let forwarded: Request[]
let store: ReturnType<typeof fakeCaches>
let images: ImageCache

const image =
  (bytes: number, type = 'image/png') =>
  () =>
    new Response(new Uint8Array(bytes), { headers: { 'content-type': type } })

const keptUrls = () => [...(store.stores.get(IMAGE_CACHE_NAME)?.keys() ?? [])]

beforeEach(() => {
  now = 1_000_000
  fetched = []
  signals = new Map()
  answers = new Map()
  forwarded = []
  store = fakeCaches()
  images = createImageCache({
    caches: store.caches,
    now: () => now,
    async fetch(input, init) {
      fetched.push(input)
      signals.set(input, init.signal)
      expect(init).toMatchObject({ mode: 'cors', credentials: 'omit' })
      const answer = answers.get(input)
      if (!answer) throw new TypeError('Failed to fetch')
      return answer()
    },
    async forward(request) {
      forwarded.push(request)
      const answer = answers.get(request.url)
      if (!answer) throw new TypeError('NetworkError when attempting to fetch resource.')
      return answer()
    },
  })
})

describe('keep', () => {
  it("holds exactly the list's images, fetching only those it lacks", async () => {
    for (const n of [1, 2, 3]) answers.set(url(n), image(100))
    expect(await images.keep([url(1), url(2)])).toEqual({ kept: 2, fetched: 2, skipped: 0 })
    expect(await images.keep([url(2), url(3)])).toEqual({ kept: 2, fetched: 1, skipped: 0 })
    expect(keptUrls().sort()).toEqual([url(2), url(3)])
    expect(fetched).toEqual([url(1), url(2), url(3)])
  })

  it('serves a kept image with its type, and nothing it does not hold', async () => {
    answers.set(url(1), image(10, 'image/svg+xml'))
    await images.keep([url(1)])
    const hit = await images.match(url(1))
    expect(hit?.headers.get('content-type')).toBe('image/svg+xml')
    expect((await hit?.blob())?.size).toBe(10)
    expect(await images.match(url(2))).toBeUndefined()
  })

  it('skips what cannot be read or is no image: no CORS, an error status, HTML, too big', async () => {
    answers.set(url(2), () => new Response('nope', { status: 404 }))
    answers.set(url(3), image(10, 'text/html'))
    answers.set(url(4), image(MAX_CACHED_IMAGE_BYTES + 1))
    answers.set(url(5), image(10))
    const result = await images.keep([url(1), url(2), url(3), url(4), url(5)])
    expect(result).toEqual({ kept: 1, fetched: 1, skipped: 4 })
    expect(keptUrls()).toEqual([url(5)])
  })

  it(`keeps at most ${MAX_CACHED_IMAGES} images, the first of the list`, async () => {
    const many = Array.from({ length: MAX_CACHED_IMAGES + 5 }, (_, i) => url(i))
    for (const item of many) answers.set(item, image(10))
    const result = await images.keep(many)
    expect(result).toEqual({ kept: MAX_CACHED_IMAGES, fetched: MAX_CACHED_IMAGES, skipped: 5 })
    expect(keptUrls()).toEqual(many.slice(0, MAX_CACHED_IMAGES))
  })

  it(`keeps at most ${MAX_CACHED_IMAGES_BYTES} bytes in all`, async () => {
    const fit = Math.floor(MAX_CACHED_IMAGES_BYTES / MAX_CACHED_IMAGE_BYTES)
    const big = Array.from({ length: fit + 2 }, (_, i) => url(i))
    for (const item of big) answers.set(item, image(MAX_CACHED_IMAGE_BYTES))
    answers.set(url(999), image(1))
    const result = await images.keep([...big, url(999)])
    // The big ones spend the whole budget: the rest are skipped, however small.
    expect(result).toEqual({ kept: fit, fetched: fit, skipped: 3 })
    expect(keptUrls()).toEqual(big.slice(0, fit))
  })

  it('forgets images after a day, like the list', async () => {
    answers.set(url(1), image(10))
    await images.keep([url(1)])
    now += EVENTS_CACHE_TTL_MS
    expect(await images.match(url(1))).toBeUndefined()
    // Kept again, it is fetched again.
    await images.keep([url(1)])
    expect(fetched).toEqual([url(1), url(1)])
    expect((await (await images.match(url(1)))?.blob())?.size, 'the image kept again').toBe(10)
  })
})

describe('stop', () => {
  it('ends a keep under way: the download in flight is cancelled, nothing more is stored', async () => {
    answers.set(url(1), image(10))
    let answer: (response: Response) => void = () => {}
    answers.set(url(2), () => new Promise<Response>((resolve) => (answer = resolve)))
    answers.set(url(3), image(10))
    const keeping = images.keep([url(1), url(2), url(3)])
    await vi.waitFor(() => expect(fetched).toContain(url(2)))

    images.stop()
    expect(signals.get(url(2))?.aborted).toBe(true)
    // A host that answers anyway (the fake ignores the signal) changes nothing.
    answer(image(10)())
    await keeping
    expect(keptUrls()).toEqual([url(1)])
    expect(fetched).not.toContain(url(3))
  })

  it('leaves the next keep alone', async () => {
    answers.set(url(1), image(10))
    images.stop()
    expect(await images.keep([url(1)])).toEqual({ kept: 1, fetched: 1, skipped: 0 })
    expect(signals.get(url(1))?.aborted).toBe(false)
  })
})

describe('respond', () => {
  it('answers with the kept copy, without the network', async () => {
    answers.set(url(1), image(10))
    await images.keep([url(1)])
    answers.clear()
    const response = await images.respond(new Request(url(1)))
    expect((await response.blob()).size).toBe(10)
    expect(forwarded).toEqual([])
  })

  it("passes an image it does not hold to the network, as the page's own request", async () => {
    answers.set(url(2), image(7, 'image/webp'))
    const request = new Request(url(2), { mode: 'no-cors' })
    const response = await images.respond(request)
    expect(forwarded).toEqual([request])
    expect(response.headers.get('content-type')).toBe('image/webp')
  })

  it('answers an empty 504, never a rejection nor an error response, when neither the cache nor the network can', async () => {
    const response = await images.respond(new Request(url(3)))
    expect(forwarded.map((request) => request.url)).toEqual([url(3)])
    expect(response.type).toBe('default')
    expect(response.status).toBe(504)
    expect(await response.text()).toBe('')
  })

  it('goes to the network when Cache Storage fails', async () => {
    vi.spyOn(store.caches, 'has').mockRejectedValue(new DOMException('gone', 'UnknownError'))
    answers.set(url(4), image(3))
    const response = await images.respond(new Request(url(4)))
    expect(response.ok).toBe(true)
    expect(forwarded).toHaveLength(1)
  })
})

describe('clear', () => {
  it('deletes every kept image', async () => {
    answers.set(url(1), image(10))
    await images.keep([url(1)])
    await images.clear()
    expect(store.stores.has(IMAGE_CACHE_NAME)).toBe(false)
    expect(await images.match(url(1))).toBeUndefined()
  })
})
