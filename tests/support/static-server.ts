/**
 * A small static server for the production build, with an SPA fallback and test overrides; it
 * sends the headers a production host sends (README, Deploying), but HSTS: it serves HTTP.
 */
import { createServer, type Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { securityHeaders } from '../../build/security-headers.ts'
import { parseNetworkSwitch } from '../../dev/http/dev-server.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/** A running server; `override` swaps a file's body (e.g. to publish a "new" service worker). */
export interface StaticServer {
  url: string
  override(path: string, body: (original: string) => string): void
  clearOverrides(): void
  close(): Promise<void>
}

/**
 * Serves `root` on 127.0.0.1:`port` (0 = any free port), like a plain static host would; with
 * `compress`, text is gzipped for clients that accept it, as production hosts do (the benchmarks).
 */
export async function startStaticServer(
  root: string,
  port = 0,
  { compress = false } = {},
): Promise<StaticServer> {
  const overrides = new Map<string, (original: string) => string>()
  // `POST /_dev/network` with `{"up": false}` makes the host unreachable (every other request's
  // connection is dropped), as the stand-ins do: a phone without a network, for any engine.
  let up = true

  async function resolveFile(pathname: string): Promise<string | null> {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = join(root, relative)
    if (!file.startsWith(root)) return null
    const info = await stat(file).catch(() => null)
    return info?.isFile() ? file : null
  }

  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/_dev/network') {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const next = parseNetworkSwitch(Buffer.concat(chunks))
        if (next) up = next.up
        res.writeHead(next ? 200 : 400, { 'content-type': 'application/json' })
        res.end(JSON.stringify(next ? { ok: true, up } : { error: 'bad_network' }))
      })
      return
    }
    if (!up) {
      req.socket.destroy()
      return
    }
    for (const [name, value] of Object.entries(securityHeaders({ https: false }))) {
      res.setHeader(name, value)
    }
    void (async () => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost')
      // Navigations to client routes get the shell, as on any SPA host.
      const file =
        (await resolveFile(pathname)) ?? (extname(pathname) ? null : join(root, 'index.html'))
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
        return
      }
      let body: Buffer | string = await readFile(file)
      const transform = overrides.get(pathname)
      if (transform) body = transform(body.toString('utf8'))
      const type = TYPES[extname(file)] ?? 'application/octet-stream'
      const gzip =
        compress &&
        /text|json|svg/.test(type) &&
        /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      res.writeHead(200, {
        'content-type': type,
        'cache-control': pathname.startsWith('/assets/')
          ? 'max-age=31536000, immutable'
          : 'no-cache',
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      })
      res.end(gzip ? gzipSync(body) : body)
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('static server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    override: (path, body) => overrides.set(path, body),
    clearOverrides: () => overrides.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
