/**
 * The hosting checklist against the real servers, each serving this worker's build with the
 * configuration the build wrote for it: Caddy and nginx from Debian, and the `_headers` and
 * `_redirects` files through a reader of their documented format (dev/pages-host).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPagesHost, type PagesHost } from '../dev/pages-host/pages-host.ts'
import {
  CHECKLIST,
  getter,
  readSite,
  type Get,
  type HostTraits,
  type Site,
} from './hosting/checklist.ts'
import { appUrl, cardsUrl, distDir, providerUrl, sinkUrl } from './support/test-stack.ts'
import { startCaddy, startNginx, type WebServer } from '../dev/hosting/web-servers.ts'
import { scaled } from './support/deadline.ts'

/** Ports beside this stack's app port (each stack has ten, four in use: tests/setup/servers.ts). */
const appPort = Number(new URL(appUrl).port)
const ports = { caddy: appPort + 5, caddyHttp: appPort + 6, nginx: appPort + 7, pages: appPort + 8 }

const sink = new URL(sinkUrl)
const reportUrl = `${sink.origin}/api/1/security/?sentry_key=public`

let site: Site
let caddy: WebServer | undefined
let nginx: WebServer | undefined
let pages: PagesHost | undefined

beforeAll(async () => {
  site = await readSite(distDir, {
    reportUrl,
    workerOrigins: [
      new URL(providerUrl).origin,
      new URL(cardsUrl).origin,
      sink.origin,
      'https://assets.poap.xyz',
    ],
  })
  ;[caddy, nginx, pages] = await Promise.all([
    startCaddy(distDir, { httpsPort: ports.caddy, httpPort: ports.caddyHttp }),
    startNginx(distDir, { httpsPort: ports.nginx }),
    startPagesHost(distDir, ports.pages),
  ])
}, scaled(60_000))

afterAll(async () => {
  await Promise.all([caddy?.close(), nginx?.close(), pages?.close()])
})

/** What a web server the deployer configures can say: everything the checklist asks. */
const WEB_SERVER: HostTraits = {
  https: true,
  knowsExtensions: true,
  precompressed: true,
  plainNotFound: true,
  headersByAnswer: true,
}

const hosts: { name: string; traits: HostTraits; get: () => Get }[] = [
  {
    name: 'Caddy',
    traits: WEB_SERVER,
    get: () => getter(caddy?.url ?? '', caddy?.ca),
  },
  {
    name: 'nginx',
    traits: WEB_SERVER,
    get: () => getter(nginx?.url ?? '', nginx?.ca),
  },
  {
    name: '_headers and _redirects (Netlify, Cloudflare Pages)',
    traits: {
      https: true,
      knowsExtensions: false,
      precompressed: false,
      plainNotFound: false,
      headersByAnswer: false,
    },
    get: () => getter(pages?.url ?? ''),
  },
]

for (const host of hosts) {
  describe(host.name, () => {
    for (const check of CHECKLIST) {
      it.skipIf(check.applies && !check.applies(host.traits))(check.name, async () => {
        await check.run(host.get(), site, host.traits)
      })
    }
  })
}

describe('Caddy over plain HTTP', () => {
  it('redirects every path to the same path over HTTPS, query and port kept', async () => {
    const response = await getter(`http://localhost:${ports.caddyHttp}`)('/tap?uid=04A1&ctr=1')
    expect([301, 308]).toContain(response.status)
    expect(response.headers.location).toBe(`https://localhost:${ports.caddy}/tap?uid=04A1&ctr=1`)
  })
})
