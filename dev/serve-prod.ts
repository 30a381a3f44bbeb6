/**
 * `npm run serve:prod`: the built site (`dist/`) served as holders will get it, by Caddy with the
 * Caddyfile the build wrote, over HTTPS with Caddy's local authority. Beside `npm run stack` (told
 * this origin), it is the whole product: sign-in, passkeys, the worker, every header.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { HOSTING_FILES, hostingDir } from '../build/hosting/plugin.ts'
import { caddyRootCertificate, startCaddy } from './hosting/web-servers.ts'
import { closeOnSignals } from './stack.ts'

/** A port from the environment, or `fallback`. */
function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new RangeError(`${name} must be a port number from 1 to 65535, not "${raw}".`)
  }
  return value
}

/** Where Caddy keeps its local authority, so a root trusted once stays trusted. */
const DATA_DIR = '.data/caddy'

async function main(): Promise<void> {
  const host = process.env.SERVE_HOST || 'localhost'
  const httpsPort = port('HTTPS_PORT', 8443)
  const httpPort = port('HTTP_PORT', 8080)
  if (!existsSync(join('dist', 'index.html'))) {
    throw new Error('There is no build to serve: run `npm run build` first.')
  }
  if (!existsSync(join(hostingDir('dist'), HOSTING_FILES.caddyfile))) {
    throw new Error(`The build wrote no Caddyfile in ${hostingDir('dist')}: run npm run build.`)
  }
  const caddy = await startCaddy('dist', { host, httpsPort, httpPort, dataDir: DATA_DIR })
  closeOnSignals(() => caddy.close())
  console.log(`The build in dist/ is served by Caddy over HTTPS:

  app                 ${caddy.url}/   (plain HTTP on port ${httpPort} redirects there)
  root certificate    ${caddyRootCertificate(resolve(DATA_DIR))}
                      (trust it in a browser, or NODE_EXTRA_CA_CERTS=<it> for Node)

Beside it, the local stack told this origin:  APP_URL=${caddy.url} npm run stack
`)
}

main().catch((error: unknown) => {
  console.error('Cannot serve the build:', error instanceof Error ? error.message : error)
  process.exit(1)
})
