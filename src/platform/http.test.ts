/** The fetch adapter: request shape, timeout, abort groups and the answer it returns. */
import { describe, expect, it } from 'vitest'
import { BodyTooLargeError } from '../core/body-too-large.ts'
import { createFetchHttp, type FetchFunction } from './http.ts'

/** A fetch that records calls and answers only when told, honouring the abort signal like fetch. */
function controllableFetch() {
  const calls: { url: string; init: RequestInit; answer: (r: Response) => void }[] = []
  const fetchFn: FetchFunction = (url, init) =>
    new Promise<Response>((resolve, reject) => {
      calls.push({ url, init, answer: resolve })
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      )
    })
  return { calls, fetchFn }
}

describe('createFetchHttp', () => {
  it('sends method, headers and body, and returns status, content type and text', async () => {
    const { calls, fetchFn } = controllableFetch()
    const http = createFetchHttp(fetchFn)
    const pending = http.request({
      url: 'http://p.test/x',
      method: 'POST',
      headers: { Authorization: 'Basic abc', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
    await Promise.resolve()
    expect(calls[0]).toMatchObject({
      url: 'http://p.test/x',
      init: {
        method: 'POST',
        headers: { Authorization: 'Basic abc', 'Content-Type': 'application/json' },
        body: '{"a":1}',
        credentials: 'omit',
        cache: 'no-store',
      },
    })
    calls[0]!.answer(
      new Response('{"ok":true}', { status: 503, headers: { 'Content-Type': 'application/json' } }),
    )
    const response = await pending
    expect(response.status).toBe(503)
    expect(response.contentType).toBe('application/json')
    expect(await response.text()).toBe('{"ok":true}')
  })

  it('rejects with a TimeoutError when no answer comes in time', async () => {
    const { fetchFn } = controllableFetch()
    const http = createFetchHttp(fetchFn)
    await expect(
      http.request({ url: 'http://p.test', method: 'GET', headers: {}, timeoutMs: 20 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('aborts every request of a key, and only those', async () => {
    const { calls, fetchFn } = controllableFetch()
    const http = createFetchHttp(fetchFn)
    const a1 = http.request({ url: 'http://p.test/1', method: 'GET', headers: {}, abortKey: 'a' })
    const a2 = http.request({ url: 'http://p.test/2', method: 'GET', headers: {}, abortKey: 'a' })
    const b = http.request({ url: 'http://p.test/3', method: 'GET', headers: {}, abortKey: 'b' })
    http.abort('a')
    await expect(a1).rejects.toMatchObject({ name: 'AbortError' })
    await expect(a2).rejects.toMatchObject({ name: 'AbortError' })
    calls[2]!.answer(new Response('fine'))
    expect(await (await b).text()).toBe('fine')
  })

  it('passes network errors through', async () => {
    const http = createFetchHttp(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(
      http.request({ url: 'http://p.test', method: 'GET', headers: {} }),
    ).rejects.toThrow(TypeError)
  })
  it('still aborts a request made right after an abort of the same key', async () => {
    const { calls, fetchFn } = controllableFetch()
    const http = createFetchHttp(fetchFn)
    const first = http.request({
      url: 'http://p.test/1',
      method: 'GET',
      headers: {},
      abortKey: 'k',
    })
    http.abort('k')
    const second = http.request({
      url: 'http://p.test/2',
      method: 'GET',
      headers: {},
      abortKey: 'k',
    })
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    // The first request settling must not drop the second one's group.
    http.abort('k')
    await expect(second).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls).toHaveLength(2)
  })

  describe('a body size limit', () => {
    const get = (maxBodyBytes: number) => ({
      url: 'http://p.test/events',
      method: 'GET' as const,
      headers: {},
      maxBodyBytes,
    })

    /** A body that never ends unless cancelled, 1,000 bytes a chunk; counts what was pulled. */
    function endlessBody() {
      const seen = { pulls: 0, cancelled: false }
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          seen.pulls++
          controller.enqueue(new Uint8Array(1000).fill(0x61))
        },
        cancel() {
          seen.cancelled = true
        },
      })
      return { seen, stream }
    }

    it('refuses a Content-Length over the limit before reading the body', async () => {
      const { seen, stream } = endlessBody()
      const http = createFetchHttp(() =>
        Promise.resolve(new Response(stream, { headers: { 'Content-Length': '3000000' } })),
      )
      const error = await http.request(get(2_000_000)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BodyTooLargeError)
      expect(error).toMatchObject({ limit: 2_000_000 })
      expect(seen.cancelled).toBe(true)
      // A stream pulls ahead of any reader once; nothing beyond that was asked for.
      expect(seen.pulls).toBeLessThanOrEqual(1)
    })

    it('counts a body without a Content-Length as it reads, and stops once over', async () => {
      const { seen, stream } = endlessBody()
      const http = createFetchHttp(() => Promise.resolve(new Response(stream)))
      await expect(http.request(get(10_500))).rejects.toBeInstanceOf(BodyTooLargeError)
      expect(seen.cancelled).toBe(true)
      expect(seen.pulls).toBeLessThanOrEqual(12)
    })

    it('reads a body of exactly the limit whole, multi-byte characters split across chunks', async () => {
      const bytes = new TextEncoder().encode('{"name":"Café ✓"}')
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          // Cut inside the é and the ✓, as a network may.
          controller.enqueue(bytes.slice(0, 13))
          controller.enqueue(bytes.slice(13, 17))
          controller.enqueue(bytes.slice(17))
          controller.close()
        },
      })
      const http = createFetchHttp(() => Promise.resolve(new Response(stream)))
      const response = await http.request(get(bytes.byteLength))
      expect(await response.text()).toBe('{"name":"Café ✓"}')
    })

    it('refuses one byte over the limit, counted in UTF-8 bytes', async () => {
      const http = createFetchHttp(() => Promise.resolve(new Response('ééé')))
      await expect(http.request(get(5))).rejects.toBeInstanceOf(BodyTooLargeError)
      const ok = createFetchHttp(() => Promise.resolve(new Response('ééé')))
      expect(await (await ok.request(get(6))).text()).toBe('ééé')
    })
  })
})
