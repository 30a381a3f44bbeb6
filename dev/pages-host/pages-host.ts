/**
 * A Pages host stand-in: serves a built site over HTTP by its own `_headers` and `_redirects`, as
 * Netlify documents them (pages-rules.ts), so the hosting checklist can test those files.
 */
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { pagesAnswer, readHeadersFile, readRedirectsFile } from './pages-rules.ts'

/** The types such a host sends, by extension. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/** A running stand-in. */
export interface PagesHost {
  url: string
  close(): Promise<void>
}

/** Serves the site in `root` on 127.0.0.1:`port`. Throws if its files cannot be read. */
export async function startPagesHost(root: string, port: number): Promise<PagesHost> {
  root = resolve(root)
  const files = {
    headers: readHeadersFile(await readFile(join(root, '_headers'), 'utf8')),
    redirects: readRedirectsFile(await readFile(join(root, '_redirects'), 'utf8')),
  }
  const exists = (path: string) => {
    const file = join(root, normalize(path))
    return file.startsWith(`${root}/`) && existsSync(file) && statSync(file).isFile()
  }
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://pages').pathname)
      const found = pagesAnswer(files, path, exists)
      const type = found.file ? TYPES[extname(found.file)] : undefined
      res.writeHead(found.status, {
        ...(type ? { 'Content-Type': type } : {}),
        ...(found.location ? { Location: found.location } : {}),
        ...found.headers,
      })
      res.end(found.file ? await readFile(join(root, found.file)) : '')
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', done)
  })
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
