/** Unit tests for route matching. */
import { describe, expect, it } from 'vitest'
import { matchRoute } from './router.ts'
import type { Route } from './types.ts'

const handler = () => ({ status: 204 })
const routes: Route[] = [
  { method: 'GET', pattern: '/sdk/v1/projects/bootstrap/:token', handler },
  { method: 'POST', pattern: '/api/:id/envelope', handler },
]

describe('matchRoute', () => {
  it('extracts parameters and ignores a trailing slash', () => {
    expect(matchRoute(routes, 'POST', '/api/1/envelope/')).toMatchObject({
      kind: 'found',
      params: { id: '1' },
    })
    expect(matchRoute(routes, 'HEAD', '/sdk/v1/projects/bootstrap/a%20b')).toMatchObject({
      kind: 'found',
      params: { token: 'a b' },
    })
  })

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(routes, 'GET', '/api/1/envelope').kind).toBe('wrong-method')
    expect(matchRoute(routes, 'GET', '/api//envelope').kind).toBe('none')
    expect(matchRoute(routes, 'GET', '/nope').kind).toBe('none')
  })
})
