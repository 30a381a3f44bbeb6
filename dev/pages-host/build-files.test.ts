/** The `_headers` and `_redirects` the build writes mean one thing on Netlify and Cloudflare. */
import { describe, expect, it } from 'vitest'
import { headersFor, readHeadersFile, readRedirectsFile } from './pages-rules.ts'
import { HEADERS_LINE_LIMIT, headersFile, redirectsFile } from '../../build/hosting/pages-files.ts'
import { hostingRules, type Policies } from '../../build/hosting/rules.ts'

const policies: Policies = {
  page: "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
  worker: "default-src 'none'; connect-src 'self'",
  reportUrl: 'https://sentry.example/api/1/security/?sentry_key=k',
}

describe('_headers', () => {
  const file = readHeadersFile(headersFile(hostingRules(policies, { https: true })))

  it('never sets one header twice for a path (Netlify keeps the later, Cloudflare joins them)', () => {
    for (const path of [
      '/',
      '/index.html',
      '/tap',
      '/events/1',
      '/sw.js',
      '/assets/a.js',
      '/manifest.webmanifest',
      '/pwa-192.png',
    ]) {
      expect(() => headersFor(file, path), path).not.toThrow()
    }
  })

  it('gives the page, the worker and the assets their own headers', () => {
    expect(headersFor(file, '/tap')['Content-Security-Policy']).toBe(policies.page)
    expect(headersFor(file, '/sw.js')['Content-Security-Policy']).toBe(policies.worker)
    expect(headersFor(file, '/assets/a.js')['Cache-Control']).toContain('immutable')
    expect(headersFor(file, '/pwa-192.png')['X-Frame-Options']).toBe('DENY')
  })

  it('fails the build rather than write a line the hosts refuse', () => {
    const long = { ...policies, page: `script-src ${"'sha256-x' ".repeat(200)}` }
    expect(() => headersFile(hostingRules(long, { https: true }))).toThrow(
      new RegExp(`over the hosts' ${HEADERS_LINE_LIMIT}`),
    )
  })
})

describe('_redirects', () => {
  it('reads as the hosts read it: missing assets 404, every other missing path the page', () => {
    expect(readRedirectsFile(redirectsFile())).toEqual([
      { from: '/assets/*', to: '/404.html', status: 404, force: false },
      { from: '/sw.js.map', to: '/404.html', status: 404, force: false },
      { from: '/*', to: '/index.html', status: 200, force: false },
    ])
  })
})
