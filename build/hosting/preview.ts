/**
 * `npm run preview` serves the build by the hosting rules, as a host would (HTTP, so no HSTS):
 * each kind of path with its headers, the page for the app's routes only, 404s in plain text.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, normalize, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { NOT_FOUND_TEXT, answer } from './answer.ts'
import { HOSTING_FILES, hostingDir } from './plugin.ts'
import { hostingRules, type Policies } from './rules.ts'

/** Whether the site in `root` has a file at the site path `path` (never outside `root`). */
export function siteHas(root: string, path: string): boolean {
  const file = join(root, normalize(path))
  if (!file.startsWith(`${root}/`)) return false
  return existsSync(file) && statSync(file).isFile()
}

/** The Vite plugin (preview only). */
export function previewHosting(): Plugin {
  return {
    name: 'iyk:preview-hosting',
    configurePreviewServer(server) {
      const root = resolve(server.config.root, server.config.build.outDir)
      const policies = JSON.parse(
        readFileSync(join(hostingDir(root), HOSTING_FILES.policies), 'utf8'),
      ) as Policies
      const rules = hostingRules(policies, { https: false })
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://preview')
        let pathname: string
        try {
          pathname = decodeURIComponent(url.pathname)
        } catch {
          res.statusCode = 400
          res.end()
          return
        }
        const found = answer(rules, pathname, (path) => siteHas(root, path), { https: false })
        for (const [name, value] of Object.entries(found.headers)) res.setHeader(name, value)
        if (found.status === 404 || found.file === null) {
          res.statusCode = 404
          res.end(NOT_FOUND_TEXT)
          return
        }
        req.url = found.file + url.search
        next()
      })
    },
  }
}
