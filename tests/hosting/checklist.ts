/**
 * The hosting checklist: what every host of the built site must answer, path by path (issue 34's
 * list), written from the requirements rather than from the rules that generate the servers'
 * configurations, so a wrong rule fails it. Each check asks a host through `get`.
 */
import { readFile, readdir } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect } from 'vitest'
import { metaPolicyOf, pageHeaderPolicy } from '../../build/hosting/policies.ts'
import { scaled } from '../support/deadline.ts'

/** A response as it came: status, headers (lower-case names, repeats joined), undecoded body. */
export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** Asks the host for `path` with `headers`. */
export type Get = (path: string, headers?: Record<string, string>) => Promise<RawResponse>

/** A `get` for the host at `base` (HTTPS trusting `ca`, or HTTP), following no redirect. */
export function getter(base: string, ca?: string): Get {
  return (path, headers = {}) =>
    new Promise((resolve, reject) => {
      const url = new URL(path, base)
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest
      const req = send(url, { headers, ...(ca ? { ca } : {}) }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const flat: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
        })
        res.on('error', reject)
      })
      // A local server answers at once: only a hang comes near this (stretched all the same).
      const limit = scaled(10_000)
      req.setTimeout(limit, () =>
        req.destroy(new Error(`No answer for ${url.href} in ${limit / 1000} s`)),
      )
      req.on('error', reject)
      req.end()
    })
}

/** What the checklist knows of the site it checks, from the build and its configuration. */
export interface Site {
  dist: string
  /** The page's policy as its meta element states it. */
  metaPolicy: string
  /** The error reporter's security endpoint. */
  reportUrl: string
  /** Exactly the origins the worker may reach besides its own. */
  workerOrigins: string[]
  /** A hashed script of the build, as a site path. */
  asset: string
}

/** Reads what the checklist needs from a build in `dist`. */
export async function readSite(
  dist: string,
  { reportUrl, workerOrigins }: { reportUrl: string; workerOrigins: string[] },
): Promise<Site> {
  const html = await readFile(join(dist, 'index.html'), 'utf8')
  const metaPolicy = metaPolicyOf(html)
  if (!metaPolicy) throw new Error(`${dist}/index.html has no policy meta element`)
  const script = (await readdir(join(dist, 'assets'))).find((name) => /^index-.*\.js$/.test(name))
  if (!script) throw new Error(`${dist}/assets has no start-up chunk`)
  return { dist, metaPolicy, reportUrl, workerOrigins, asset: `/assets/${script}` }
}

/** The headers every answer carries, 404s included. */
function expectBaseHeaders(response: RawResponse, { https }: { https: boolean }) {
  const { headers } = response
  if (https) {
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
  }
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin')
  expect(headers['cross-origin-resource-policy']).toBe('same-origin')
  const features = headers['permissions-policy'] ?? ''
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
    expect(features).toContain(denied)
  }
  expect(features).toContain('publickey-credentials-get=(self)')
}

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values] as const),
  )

/** The body as sent, decoded by its `Content-Encoding`. */
function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.body)
  if (encoding === 'gzip') return gunzipSync(response.body)
  return response.body
}

/** How a host may differ: what it cannot say, and whether it is served over HTTPS. */
export interface HostTraits {
  https: boolean
  /** Whether its rules can tell a file path from a route ("no extension"), for `/nope.js`. */
  knowsExtensions: boolean
  /** Whether it sends the build's precompressed files (a Pages host compresses on its own). */
  precompressed: boolean
  /** Its 404 body: plain text, or a page of its own (`404.html`). */
  plainNotFound: boolean
  /**
   * Whether its headers can depend on the answer (a 404 not cached for a year like the asset it
   * stands for) and on "no extension" (every route with the page's headers), or only on the path
   * (`_headers`: the app's routes by name; an unknown route has the page's meta policy alone).
   */
  headersByAnswer: boolean
}

/** One check of the list. */
export interface Check {
  name: string
  applies?: (host: HostTraits) => boolean
  run(get: Get, site: Site, host: HostTraits): Promise<void>
}

/** A path answered with the app's page, its whole policy in the header. */
async function expectPage(get: Get, site: Site, host: HostTraits, path: string) {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/html/)
  expect(decoded(response).toString('utf8')).toBe(
    await readFile(join(site.dist, 'index.html'), 'utf8'),
  )
  expectBaseHeaders(response, host)
  expect(response.headers['content-security-policy']).toBe(
    `${pageHeaderPolicy(site.metaPolicy, null)}; report-uri ${site.reportUrl}`,
  )
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(response.headers['cache-control']).toBe('no-cache')
}

/** A 404 that is not the page, with the security headers and no long-lived caching. */
async function expectNotFound(get: Get, site: Site, host: HostTraits, path: string) {
  const response = await get(path)
  expect(response.status, path).toBe(404)
  const body = decoded(response).toString('utf8')
  expect(body).not.toContain('Content-Security-Policy')
  expect(body).not.toContain(site.asset)
  if (host.plainNotFound) expect(response.headers['content-type']).toMatch(/^text\/plain/)
  if (host.headersByAnswer) {
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable')
  }
  expectBaseHeaders(response, host)
}

/** The checklist, in the order of the list. */
export const CHECKLIST: Check[] = [
  {
    name: '/ is the page, with its whole policy as a header and no caching without asking',
    run: (get, site, host) => expectPage(get, site, host, '/'),
  },
  {
    name: '/index.html is the page, the same',
    run: (get, site, host) => expectPage(get, site, host, '/index.html'),
  },
  {
    name: 'a card tap deep link on a first visit is the page',
    run: (get, site, host) => expectPage(get, site, host, '/tap?uid=04A1B2&ctr=000012&cmac=AB12'),
  },
  {
    name: 'every other route is the page (an event, the account, sign-in)',
    async run(get, site, host) {
      for (const path of ['/events/123', '/account', '/auth/email']) {
        await expectPage(get, site, host, path)
      }
    },
  },
  {
    name: 'an unknown route is the page too (the app says "not found" or asks to sign in)',
    async run(get, site, host) {
      if (host.headersByAnswer) {
        await expectPage(get, site, host, '/no/such/page')
        return
      }
      const response = await get('/no/such/page')
      expect(response.status).toBe(200)
      expect(decoded(response).toString('utf8')).toContain(`content="${site.metaPolicy}"`)
      expectBaseHeaders(response, host)
    },
  },
  {
    name: 'the worker has a policy of its own: nothing but its own origin and four services',
    async run(get, site, host) {
      const response = await get('/sw.js')
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expectBaseHeaders(response, host)
      const policy = directives(response.headers['content-security-policy'] ?? '')
      expect(policy.get('default-src')).toEqual(["'none'"])
      expect(new Set(policy.get('connect-src'))).toEqual(new Set(["'self'", ...site.workerOrigins]))
      expect(policy.get('report-uri')).toEqual([site.reportUrl])
      expect(policy.has('script-src')).toBe(false)
    },
  },
  {
    name: 'the manifest is application/manifest+json and asked for again each time',
    async run(get, _site, host) {
      const response = await get('/manifest.webmanifest')
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(JSON.parse(decoded(response).toString('utf8'))).toHaveProperty('name', 'IYK Cards')
      expectBaseHeaders(response, host)
    },
  },
  {
    name: 'a hashed asset is kept for a year, immutable',
    async run(get, site, host) {
      const response = await get(site.asset)
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.body.equals(await readFile(join(site.dist, site.asset)))).toBe(true)
      expectBaseHeaders(response, host)
    },
  },
  {
    name: 'text is sent precompressed, brotli or gzip, varying by Accept-Encoding',
    applies: (host) => host.precompressed,
    async run(get, site) {
      const original = await readFile(join(site.dist, site.asset))
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        for (const path of [site.asset, '/', '/sw.js']) {
          const response = await get(path, { 'accept-encoding': accept })
          expect(response.headers['content-encoding'], `${path} ${accept}`).toBe(encoding)
          expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding')
        }
        const asset = await get(site.asset, { 'accept-encoding': accept })
        expect(decoded(asset).equals(original)).toBe(true)
      }
      expect((await get(site.asset)).headers['content-encoding']).toBeUndefined()
    },
  },
  {
    name: 'a missing script is a 404, never the page',
    run: (get, site, host) => expectNotFound(get, site, host, '/assets/nope-1234.js'),
  },
  {
    name: 'any source map is a 404',
    async run(get, site, host) {
      await expectNotFound(get, site, host, `${site.asset}.map`)
      await expectNotFound(get, site, host, '/sw.js.map')
    },
  },
  {
    name: 'a missing file outside the assets is a 404 too',
    applies: (host) => host.knowsExtensions,
    run: (get, site, host) => expectNotFound(get, site, host, '/nope-1234.js'),
  },
  {
    name: 'an icon is served as an image, with the security headers',
    async run(get, _site, host) {
      const response = await get('/pwa-192.png')
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expectBaseHeaders(response, host)
    },
  },
]
