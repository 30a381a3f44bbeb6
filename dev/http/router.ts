/** Matches a method and path against a route table, pulling out `:param` segments. */
import type { Route } from './types.ts'

/** The outcome of matching: a route with its parameters, a path known under other methods, or nothing. */
export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'none' }

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, segment] of want.entries()) {
    const actual = got[i] ?? ''
    if (segment.startsWith(':')) {
      if (actual === '') return null
      params[segment.slice(1)] = decodeURIComponent(actual)
    } else if (segment !== actual) {
      return null
    }
  }
  return params
}

/** Finds the route for `method` and `path` (a trailing slash is ignored). */
export function matchRoute(routes: readonly Route[], method: string, path: string): Match {
  const normalised = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  let pathKnown = false
  for (const route of routes) {
    const params = matchPattern(route.pattern, normalised)
    if (!params) continue
    if (route.method === method || (route.method === 'GET' && method === 'HEAD')) {
      return { kind: 'found', route, params }
    }
    pathKnown = true
  }
  return pathKnown ? { kind: 'wrong-method' } : { kind: 'none' }
}
