/**
 * Build plugin: once the site and its worker are written, writes how to serve them, from the
 * hosting rules and the policies of this very build (the page's hashes, the configured origins):
 * `_headers`, `_redirects` and `404.html` into the site, a `.br` and a `.gz` beside each text file,
 * and the Caddyfile and nginx configuration beside the site, in `<outDir>-hosting/`.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import type { AppConfig } from '../../src/config/defaults.ts'
import { outputStep } from '../output-step.ts'
import { caddyfile } from './caddyfile.ts'
import { nginxConf } from './nginx.ts'
import { headersFile, redirectsFile } from './pages-files.ts'
import { metaPolicyOf, pageHeaderPolicy, securityReportUrl, workerPolicy } from './policies.ts'
import { COMPRESSIBLE, hostingRules, type Policies } from './rules.ts'

/** Where the server configurations of a build into `outDir` go: `dist` → `dist-hosting`. */
export const hostingDir = (outDir: string) => `${resolve(outDir)}-hosting`

/** The files in `hostingDir`. */
export const HOSTING_FILES = {
  caddyfile: 'Caddyfile',
  nginx: 'nginx-site.conf',
  policies: 'policies.json',
} as const

/** The page a Pages host sends with a 404 (it looks for `404.html`); never the app's page. */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Not found · IYK Cards</title>
<h1>Not found</h1>
<p><a href="/">Open IYK Cards</a></p>
</html>
`

/** The policies of the site built into `outDir`: its page's meta policy and the configuration. */
export async function builtPolicies(outDir: string, config: AppConfig): Promise<Policies> {
  const meta = metaPolicyOf(await readFile(join(outDir, 'index.html'), 'utf8'))
  if (!meta) throw new Error(`${outDir}/index.html has no Content-Security-Policy meta element`)
  const reportUrl = securityReportUrl(config.sentryDsn)
  return {
    page: pageHeaderPolicy(meta, reportUrl),
    worker: workerPolicy(config, reportUrl),
    reportUrl,
  }
}

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** A `.br` (best quality) and a `.gz` (level 9) beside each text file of the site. */
async function precompress(outDir: string): Promise<void> {
  const texts = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(
    texts.map(async (file) => {
      const body = await readFile(join(outDir, file))
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ])
      await Promise.all([
        writeFile(join(outDir, `${file}.br`), br),
        writeFile(join(outDir, `${file}.gz`), gz),
      ])
    }),
  )
}

/** Writes the hosting files of the site built into `outDir` (see the module's comment). */
export async function writeHosting(outDir: string, config: AppConfig): Promise<void> {
  const policies = await builtPolicies(outDir, config)
  const rules = hostingRules(policies, { https: true })
  await writeFile(join(outDir, '_headers'), headersFile(rules))
  await writeFile(join(outDir, '_redirects'), redirectsFile())
  await writeFile(join(outDir, '404.html'), NOT_FOUND_PAGE)
  await precompress(outDir)
  const dir = hostingDir(outDir)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, HOSTING_FILES.caddyfile), caddyfile(rules))
  await writeFile(join(dir, HOSTING_FILES.nginx), nginxConf(rules))
  await writeFile(join(dir, HOSTING_FILES.policies), `${JSON.stringify(policies, null, 2)}\n`)
}

/**
 * The Vite plugin. Its hook runs after every other plugin's last one, once the worker (written
 * by the PWA plugin's own last hook) is in the site.
 */
export function hosting(config: AppConfig): Plugin {
  return outputStep('iyk:hosting', 'closeBundle', (outDir) => writeHosting(outDir, config))
}
