/** The engine's Http port over fetch: a timeout per request, abort groups by key, a body size limit. */
import { BodyTooLargeError } from '../core/body-too-large.ts'
import type { Http, HttpRequest, HttpResponse } from '../core/ports.ts'

/** The fetch function the adapter calls (the global one unless a test passes its own). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

function timeoutError(ms: number): Error {
  const error = new Error(`No response within ${ms} ms`)
  error.name = 'TimeoutError'
  return error
}

/**
 * The body as text, refused once over `maxBytes`: by its Content-Length before any byte is read
 * (a compressed length over the limit means a longer body still), else counted as it streams in,
 * so a body without a length never sits in memory beyond the limit.
 */
async function readText(response: Response, maxBytes: number | undefined): Promise<string> {
  if (maxBytes === undefined || response.body === null) return response.text()
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    void response.body.cancel().catch(() => undefined)
    throw new BodyTooLargeError(maxBytes)
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let bytes = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    bytes += value.byteLength
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError(maxBytes)
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** Creates the adapter; the body is read before resolving, so the timeout covers it too. */
export function createFetchHttp(
  fetchFn: FetchFunction = (input, init) => globalThis.fetch(input, init),
): Http {
  const groups = new Map<string, Set<AbortController>>()

  async function request(req: HttpRequest): Promise<HttpResponse> {
    const controller = new AbortController()
    const group = req.abortKey === undefined ? undefined : (groups.get(req.abortKey) ?? new Set())
    if (group !== undefined && req.abortKey !== undefined) {
      group.add(controller)
      groups.set(req.abortKey, group)
    }
    let timedOut = false
    const timer =
      req.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true
            controller.abort()
          }, req.timeoutMs)
    try {
      const response = await fetchFn(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
        // Credentials travel in the Authorization header only; no cookies, no caches.
        credentials: 'omit',
        cache: 'no-store',
      })
      const body = await readText(response, req.maxBodyBytes)
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        text: async () => body,
      }
    } catch (error) {
      if (timedOut) throw timeoutError(req.timeoutMs ?? 0)
      throw error
    } finally {
      clearTimeout(timer)
      group?.delete(controller)
      // Only drop the group if it is still the registered one: abort() may have replaced it.
      if (group?.size === 0 && req.abortKey !== undefined && groups.get(req.abortKey) === group) {
        groups.delete(req.abortKey)
      }
    }
  }

  return {
    request,
    abort(abortKey) {
      for (const controller of groups.get(abortKey) ?? []) controller.abort()
      groups.delete(abortKey)
    },
  }
}
