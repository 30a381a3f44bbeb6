/**
 * The production build holds the worker, the manifest (from its single source) and the precache,
 * no source map and no test code: a real production build (without VITE_TEST_WALLET) is made here
 * beside the browser-test build and searched for the test wallet and the test build's deadlines.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT } from '../build/compile-hints.ts'
import { sourceMapDir } from '../build/source-maps-aside.ts'
import { LANDING_STASH } from '../src/core/sign-in-landing-stash.ts'
import { PRODUCTION_BASE, TEST_BASE } from '../src/core/timing.ts'
import { distDir as dist } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

/** Every script the build emitted, by file name. */
async function scripts(dir: string): Promise<Map<string, string>> {
  const assets = join(dir, 'assets')
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js'))
  const entries = await Promise.all(
    names.map(async (name) => [name, await readFile(join(assets, name), 'utf8')] as const),
  )
  return new Map([...entries, ['sw.js', await readFile(join(dir, 'sw.js'), 'utf8')]])
}

/**
 * Marks of the test wallet: its storage keys and a misbehaviour mode from its own source, and the
 * secp256k1 group order that viem's local signing (which only it needs) carries.
 */
const TEST_WALLET_MARKS = ['iyk-test-wallet', 'reject-connect', 'baaedce6af48a03bbfd25e8cd0364141']

const holding = (files: Map<string, string>, mark: string) =>
  [...files].filter(([, text]) => text.toLowerCase().includes(mark)).map(([name]) => name)

/**
 * The timing tables (src/core/timing.ts) each script holds, by file name: every object literal
 * that opens with `providerTimeoutMs:` (a table's base values, from which `timingFrom` writes the
 * sums), its values as numbers (a value the minifier left as a reference to the other table is NaN).
 */
function timingTables(files: Map<string, string>): Map<string, Record<string, number>[]> {
  const tables = [...files].map(([name, text]) => {
    const found = [...text.matchAll(/\{(providerTimeoutMs:[^{}]*)\}/g)].map(([, body]) =>
      Object.fromEntries(
        (body ?? '').split(',').map((pair) => {
          const [key = '', value = ''] = pair.split(':')
          return [key, Number(value)]
        }),
      ),
    )
    return [name, found] as const
  })
  return new Map(tables.filter(([, found]) => found.length > 0))
}

describe('production build', () => {
  it('emits manifest.webmanifest from the source file, unchanged in substance', async () => {
    const source = JSON.parse(await readFile('manifest.webmanifest', 'utf8')) as object
    const built = JSON.parse(await readFile(join(dist, 'manifest.webmanifest'), 'utf8')) as object
    expect(built).toMatchObject(source)
  })

  it('emits a service worker whose precache holds the shell and its entry script', async () => {
    const sw = await readFile(join(dist, 'sw.js'), 'utf8')
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    // The page preloads its entry and starts it once the frame has painted (decision 014).
    const entry = /<link rel="modulepreload"[^>]* href="\/(assets\/index-[^"]+\.js)"/.exec(
      html,
    )?.[1]
    expect(entry).toMatch(/^assets\/index-.+\.js$/)
    expect(sw).toContain('"index.html"')
    expect(sw).toContain(`"${entry}"`)
    expect(sw).toContain('"manifest.webmanifest"')
    expect(sw).not.toContain('self.__WB_MANIFEST')
  })

  it('serves a robots.txt that lets crawlers in (not the app shell)', async () => {
    const robots = await readFile(join(dist, 'robots.txt'), 'utf8')
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).not.toMatch(/^Disallow: \/$/m)
    expect(robots).not.toContain('<html')
  })

  it('inlines the entry stylesheet (nothing render-blocking) and allows it by hash', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    const css = /<style>([^<]+)<\/style>/.exec(html)?.[1] ?? ''
    expect(css).toContain('--bp-tablet')
    const hash = createHash('sha256').update(css).digest('base64')
    expect(html).toContain(`style-src 'self' 'sha256-${hash}'`)
  })

  it('marks the entry chunk, and only it, for eager compilation, its source map still exact', async () => {
    const files = await scripts(dist)
    const hinted = [...files].filter(([, text]) => text.startsWith(COMPILE_HINT)).map(([n]) => n)
    expect(hinted).toEqual([expect.stringMatching(/^index-.+\.js$/)])
    const name = hinted[0] ?? ''
    const code = files.get(name) ?? ''
    const map = new SourceMapConsumer(
      JSON.parse(
        await readFile(join(sourceMapDir(dist), 'assets', `${name}.map`), 'utf8'),
      ) as RawSourceMap,
    )
    // A string only main.tsx holds: the map must send its position back to main.tsx's line.
    const needle = 'index.html has no #root element'
    const lines = code.split('\n')
    const line = lines.findIndex((text) => text.includes(needle))
    const original = map.originalPositionFor({
      line: line + 1,
      column: lines[line]!.indexOf(needle),
    })
    const source = await readFile('src/app/main.tsx', 'utf8')
    expect(original.source).toMatch(/src\/app\/main\.tsx$/)
    expect(source.split('\n')[original.line - 1]).toContain(needle)
  })

  it('keeps source maps out of the site: none in it, none named, all beside it', async () => {
    const files = await readdir(dist, { recursive: true })
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([])
    const built = await scripts(dist)
    for (const [name, code] of built) expect(code, name).not.toMatch(/sourceMappingURL/)
    const maps = await readdir(sourceMapDir(dist), { recursive: true })
    for (const name of built.keys()) {
      expect(maps, name).toContain(name === 'sw.js' ? 'sw.js.map' : join('assets', `${name}.map`))
    }
    // The precache lists no map either.
    expect(await readFile(join(dist, 'sw.js'), 'utf8')).not.toMatch(/\.map"/)
  })

  it('states the referrer policy before any subresource, then moves a landing token out', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    // The head's first elements: the referrer policy, the page's policy, the landing boot script
    // (build/landing-boot.ts; this process serialises it its own way, so it is read by its marks).
    const head =
      /<head>\s*<meta charset="UTF-8" \/>\s*<meta name="referrer" content="strict-origin" \/>\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)" \/>\s*<script>([\s\S]*?)<\/script>/.exec(
        html,
      )
    expect(head).not.toBeNull()
    const [whole = '', policy = '', boot = ''] = head ?? []
    expect(boot).toContain(`"${LANDING_STASH}"`)
    expect(boot).toContain('replaceState')
    expect(html.search(/<link |<script [^>]*src=|<img /)).toBeGreaterThan(whole.length)
    const hash = createHash('sha256').update(boot).digest('base64')
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src '))
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`)
  })

  it('links the manifest from the page', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">')
  })
})

describe('test code never ships', () => {
  let production: string
  let buildOutput: string

  beforeAll(async () => {
    production = await mkdtemp(join(tmpdir(), 'iyk-production-'))
    // A deployer's build: none of the browser-test build's switches (tests/setup/servers.ts).
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
    delete env.VITE_TEST_WALLET
    delete env.VITE_TEST_SPEED_FACTOR
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--outDir',
        production,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { env },
    )
    buildOutput = stdout + stderr
  }, scaled(120_000))

  afterAll(async () => {
    await rm(production, { recursive: true, force: true })
    await rm(sourceMapDir(production), { recursive: true, force: true })
  })

  it('builds without a warning', () => {
    // At warn level the build prints only the worker's build banner; any warning is a line more.
    const lines = buildOutput.split('\n').filter((line) => line.trim() !== '')
    expect(lines.filter((line) => /warn|deprecat|externali[sz]ed/i.test(line))).toEqual([])
  })

  it('finds the test wallet in the browser-test build (the marks are real)', async () => {
    const testBuild = await scripts(dist)
    for (const mark of TEST_WALLET_MARKS) expect(holding(testBuild, mark)).not.toEqual([])
  })

  it('leaves the test wallet and its signing code out of every production script', async () => {
    const built = await scripts(production)
    expect([...built.keys()].some((name) => name.startsWith('wallet-'))).toBe(true)
    for (const mark of TEST_WALLET_MARKS) expect(holding(built, mark)).toEqual([])
  })

  it('finds the short deadlines in the browser-test build (the search is real)', async () => {
    const tables = [...timingTables(await scripts(dist)).values()].flat()
    expect(tables).toContainEqual(
      expect.objectContaining({
        providerTimeoutMs: TEST_BASE.providerTimeoutMs,
        wakeRetryMs: TEST_BASE.wakeRetryMs,
        backoffBaseMs: TEST_BASE.backoffBaseMs,
      }),
    )
  })

  it('gives the production worker and page production’s deadlines and no other', async () => {
    const tables = timingTables(await scripts(production))
    expect([...tables.keys()]).toEqual(
      expect.arrayContaining(['sw.js', expect.stringMatching(/^index-.+\.js$/)]),
    )
    for (const [name, found] of tables) {
      expect(found, name).toEqual([{ ...PRODUCTION_BASE }])
    }
  })
})
