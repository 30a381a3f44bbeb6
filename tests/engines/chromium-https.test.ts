/**
 * The holder journeys in Chromium against the build served as `npm run serve:prod` serves it:
 * Caddy from Debian with the Caddyfile the build wrote, over HTTPS with its local authority, every
 * header of the hosting rules on every answer (the page's and the worker's policies among them).
 * With no network, Caddy is stopped as the stand-ins drop their connections.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { caddyRootCertificate, startCaddy, type WebServer } from '../../dev/hosting/web-servers.ts'
import { caddyPorts, caddyUrl } from '../setup/servers.ts'
import { setNetwork } from '../support/stack.ts'
import { appUrl, distDir } from '../support/test-stack.ts'
import { chromiumTrusting } from './chromium.ts'
import { journeys } from './journeys.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { scaled } from '../support/deadline.ts'

const appPort = Number(new URL(appUrl).port)
let caddy: WebServer | undefined
let data = ''
let intermediate = ''

/** Starts Caddy on the build, its authority kept in `data` so a restart keeps the trust. */
const start = () =>
  startCaddy(distDir, {
    httpsPort: caddyPorts(appPort).https,
    httpPort: caddyPorts(appPort).http,
    dataDir: data,
  })

beforeAll(async () => {
  data = await mkdtemp(join(tmpdir(), 'iyk-caddy-journeys-'))
  caddy = await start()
  // Caddy signs its certificates with an intermediate of its local authority: trusting that key
  // trusts this site's certificate, and nothing else.
  intermediate = await readFile(
    caddyRootCertificate(data).replace(/root\.crt$/, 'intermediate.crt'),
    'utf8',
  )
}, scaled(60_000))

afterAll(async () => {
  await caddy?.close()
  await rm(data, { recursive: true, force: true })
})

journeys(
  chromiumTrusting(() => intermediate),
  () => ({
    url: caddyUrl(appPort),
    async setNetwork(up) {
      await setNetwork(up)
      if (!up) {
        await caddy?.close()
        caddy = undefined
      } else caddy ??= await start()
    },
  }),
  {
    // What the site's headers and Caddy bear on; the other journeys run in three engines already.
    only: /the check works|re-authenticates|last list with no network|anonymous tap through sign-in/,
  },
)
