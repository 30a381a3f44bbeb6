/** The engine's Http port over fetch: a timeout per request and abort groups by key. */
import type { Http, HttpRequest, HttpResponse } from '../core/ports.ts'

/** The fetch function the adapter calls (the global one unless a test passes its own). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

function timeoutError(ms: number): Error {
  const error = new Error(`No response within ${ms} ms`)
  error.name = 'TimeoutError'
  return error
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
      const body = await response.text()
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
