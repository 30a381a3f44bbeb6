/**
 * A small static server for the production build with test overrides. It answers by the hosting
 * rules, as the generated server configurations do (build/hosting/answer.ts): the page for the
 * app's routes, each kind of path with its headers (the page's and the worker's policies
 * included), 404s in plain text; but HSTS: it serves HTTP.
 */
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { NOT_FOUND_TEXT, answer } from '../../build/hosting/answer.ts'
import { HOSTING_FILES, hostingDir } from '../../build/hosting/plugin.ts'
import { siteHas } from '../../build/hosting/preview.ts'
import { hostingRules, type Policies } from '../../build/hosting/rules.ts'
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
  root = resolve(root)
  const policies = JSON.parse(
    await readFile(join(hostingDir(root), HOSTING_FILES.policies), 'utf8'),
  ) as Policies
  const rules = hostingRules(policies, { https: false })
  const overrides = new Map<string, (original: string) => string>()
  // `POST /_dev/network` with `{"up": false}` makes the host unreachable (every other request's
  // connection is dropped), as the stand-ins do: a phone without a network, for any engine.
  let up = true

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
    void (async () => {
      const { pathname: raw } = new URL(req.url ?? '/', 'http://localhost')
      let pathname: string
      try {
        pathname = decodeURIComponent(raw)
      } catch {
        res.writeHead(400).end()
        return
      }
      const found = answer(rules, pathname, (path) => siteHas(root, path), { https: false })
      if (found.file === null) {
        res.writeHead(404, found.headers).end(NOT_FOUND_TEXT)
        return
      }
      let body: Buffer | string = await readFile(join(root, found.file))
      const transform = overrides.get(pathname)
      if (transform) body = transform(body.toString('utf8'))
      const { 'Content-Type': named, ...headers } = found.headers
      const type = named ?? TYPES[extname(found.file)] ?? 'application/octet-stream'
      const gzip =
        compress &&
        /text|json|svg/.test(type) &&
        /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
      res.writeHead(200, {
        ...headers,
        'content-type': type,
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
