/** The hosting rules: which kind of path each answer is, and that every app route is a page. */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { NOT_FOUND_TEXT, answer } from './answer.ts'
import {
  CACHE,
  HSTS,
  PAGE_PATTERN,
  PAGE_ROUTES,
  PERMISSIONS_POLICY,
  baseHeaders,
  hostingRules,
  ruleFor,
  type Policies,
} from './rules.ts'

const policies: Policies = {
  page: "default-src 'none'; frame-ancestors 'none'",
  worker: "default-src 'none'; connect-src 'self'",
  reportUrl: 'https://sentry.example/api/1/security/?sentry_key=k',
}
const rules = hostingRules(policies, { https: true })
const kindOf = (path: string) => ruleFor(rules, path).kind

describe('hosting rules', () => {
  it('tell each kind of path apart, in order', () => {
    expect(
      Object.fromEntries(
        [
          '/',
          '/index.html',
          '/tap',
          '/events/42',
          '/no/such/page',
          '/sw.js',
          '/sw.js.map',
          '/assets/index-abc.js',
          '/assets/index-abc.js.map',
          '/assets/missing',
          '/manifest.webmanifest',
          '/pwa-192.png',
          '/nope.js',
        ].map((path) => [path, kindOf(path)]),
      ),
    ).toEqual({
      '/': 'page',
      '/index.html': 'page',
      '/tap': 'page',
      '/events/42': 'page',
      '/no/such/page': 'page',
      '/sw.js': 'worker',
      '/sw.js.map': 'source-map',
      '/assets/index-abc.js': 'asset',
      '/assets/index-abc.js.map': 'source-map',
      '/assets/missing': 'asset',
      '/manifest.webmanifest': 'manifest',
      '/pwa-192.png': 'file',
      '/nope.js': 'file',
    })
  })

  it('answer a route with the page, a missing file or a map with the 404 text', () => {
    const all = () => true
    expect(answer(rules, '/tap', all, { https: true })).toMatchObject({
      status: 200,
      file: '/index.html',
    })
    expect(answer(rules, '/sw.js.map', all, { https: true })).toMatchObject({
      status: 404,
      file: null,
    })
    const missing = answer(rules, '/assets/gone.js', () => false, { https: true })
    expect(missing).toMatchObject({ status: 404, file: null })
    expect(missing.headers['Cache-Control']).toBe('no-cache')
    expect(missing.headers['Content-Type']).toMatch(/^text\/plain/)
    expect(missing.headers['Strict-Transport-Security']).toBe(HSTS)
    expect(NOT_FOUND_TEXT).not.toMatch(/<html/i)
  })

  it('give each kind its caching and the page and worker their own policies', () => {
    const headers = (path: string) => ruleFor(rules, path).headers
    expect(headers('/')['Cache-Control']).toBe(CACHE.revalidate)
    expect(headers('/sw.js')['Cache-Control']).toBe(CACHE.revalidate)
    expect(headers('/manifest.webmanifest')['Content-Type']).toBe('application/manifest+json')
    expect(headers('/assets/a.js')['Cache-Control']).toBe(CACHE.immutable)
    expect(headers('/')['Content-Security-Policy']).toBe(policies.page)
    expect(headers('/sw.js')['Content-Security-Policy']).toBe(policies.worker)
    expect(headers('/')['Cross-Origin-Opener-Policy']).toBe('same-origin')
    for (const path of ['/', '/sw.js', '/assets/a.js', '/pwa-192.png']) {
      expect(headers(path)['X-Content-Type-Options'], path).toBe('nosniff')
      expect(headers(path)['Cross-Origin-Resource-Policy'], path).toBe('same-origin')
    }
  })

  it('pin HTTPS only where the site is served over HTTPS', () => {
    const overHttp = hostingRules(policies, { https: false })
    expect(ruleFor(overHttp, '/').headers).not.toHaveProperty('Strict-Transport-Security')
    expect(ruleFor(rules, '/').headers).toHaveProperty('Strict-Transport-Security', HSTS)
  })

  it('deny unused powerful features and keep passkeys, copying and sharing for the app', () => {
    const features = new Map(
      PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]),
    )
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(features.get(denied), denied).toBe('()')
    }
    for (const kept of [
      'publickey-credentials-get',
      'publickey-credentials-create',
      'clipboard-write',
      'web-share',
    ]) {
      expect(features.get(kept), kept).toBe('(self)')
    }
  })
})

describe('the app routes a host names', () => {
  it('are every route of the route tree but the signed-in splat, and each is a page', async () => {
    const tree = await readFile('src/routeTree.gen.ts', 'utf8')
    const union = /fullPaths:\s*([^\n]*(?:\n\s+\|[^\n]*)*)/.exec(tree)?.[1] ?? ''
    const routes = [...union.matchAll(/'([^']+)'/g)].map(([, path = '']) => path)
    expect(routes.length).toBeGreaterThan(3)
    const named = routes
      .filter((route) => route !== '/$')
      .map((route) => route.replace(/\$(\w+)/g, ':id'))
    expect(PAGE_ROUTES.filter((route) => route !== '/index.html').sort()).toEqual(named.sort())
    for (const route of PAGE_ROUTES) {
      expect(new RegExp(PAGE_PATTERN).test(route.replace(':id', '123')), route).toBe(true)
    }
  })
})

describe('the README’s deploy notes', () => {
  it('name every header each response carries, with its value', async () => {
    const readme = await readFile('README.md', 'utf8')
    const deploying = /## Deploying\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? ''
    for (const [name, value] of Object.entries(baseHeaders({ https: true }))) {
      expect(deploying, name).toContain(`\`${name}: ${value}\``)
    }
    for (const value of Object.values(CACHE)) expect(deploying).toContain(`\`${value}\``)
  })
})
