/** The fetch adapter: request shape, timeout, abort groups and the answer it returns. */
import { describe, expect, it } from 'vitest'
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
})
