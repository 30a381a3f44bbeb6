/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, simulated throttling) on the production build
 * served beside the local stack, three runs per route, medians printed next to the floor: a hello
 * world of the same react, react-dom and router, built here. Prints figures; asserts nothing.
 *
 * RUNS=1 for a quick look; ROUTES=home,tap to pick routes (home, tap, sign-in, signed-in);
 * LOCALE=ja for a browser that prefers another language (en by default; es, pt-BR, fr, de, ja);
 * REPORTS=dir to keep each run's Lighthouse JSON and its trace there (route-run.json,
 * route-run.trace.json; the trace opens in Chromium's Performance panel) for a closer look.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { launch, type LaunchedChrome } from 'chrome-launcher'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { CHROMIUM_PATH, LAUNCH_ARGS } from '../../tests/support/browser.ts'
import { startStaticServer, type StaticServer } from '../../tests/support/static-server.ts'
import type { Stack } from '../stack.ts'
import { serveWithStack, type ServedApp } from '../../tests/support/served-app.ts'
import { signInWithEmailCode } from './sign-in.ts'
import { isLocale, LOCALES } from '../../src/core/locale.ts'

const HOST = '127.0.0.1'
const PORTS = { app: 24173, floor: 24174, provider: 28787, cards: 28788, sink: 28789 }
const RUNS = Number(process.env.RUNS ?? 3)
const REPORTS = process.env.REPORTS ? resolve(process.env.REPORTS) : undefined
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
/** The language the browser prefers (and the signed-in holder chose). */
const LOCALE = process.env.LOCALE ?? 'en'
if (!isLocale(LOCALE)) throw new Error(`LOCALE must be one of ${LOCALES.join(', ')}`)

/** One Lighthouse run's figures. */
interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  jsBytes: number
}

/** The production app, configured for the bench's own stack ports. */
async function buildApp(outDir: string): Promise<void> {
  Object.assign(process.env, {
    VITE_STYTCH_API_URL: `http://${HOST}:${PORTS.provider}`,
    VITE_CARDS_API_URL: `http://${HOST}:${PORTS.cards}`,
    VITE_SENTRY_DSN: `http://public@${HOST}:${PORTS.sink}/1`,
  })
  await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } })
}

/** The floor: react, react-dom and TanStack Router rendering one heading, nothing else. */
async function buildFloor(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8" />' +
      '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<meta name="description" content="Floor" /><title>Floor</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
  )
  await writeFile(
    join(dir, 'main.tsx'),
    [
      "import { StrictMode } from 'react'",
      "import { createRoot } from 'react-dom/client'",
      "import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'",
      'const rootRoute = createRootRoute()',
      "const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Hello</h1> })",
      'const router = createRouter({ routeTree: rootRoute.addChildren([index]) })',
      "createRoot(document.getElementById('root')!).render(<StrictMode><RouterProvider router={router} /></StrictMode>)",
    ].join('\n'),
  )
  const outDir = join(dir, 'dist')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
  return outDir
}

const score = (result: RunnerResult, id: string) =>
  Math.round((result.lhr.categories[id]?.score ?? 0) * 100)
const metric = (result: RunnerResult, id: string) => result.lhr.audits[id]?.numericValue ?? NaN

/**
 * Gzip bytes of the scripts the page requested before it settled (Lighthouse's own network
 * record), read from the build: the same figure whether the network or the worker's cache served
 * them.
 */
async function scriptBytes(result: RunnerResult, outDir: string): Promise<number> {
  const details = result.lhr.audits['network-requests']?.details as
    { items?: { resourceType?: string; url?: string }[] } | undefined
  const paths = new Set(
    (details?.items ?? [])
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => new URL(item.url!).pathname),
  )
  const sizes = await Promise.all(
    [...paths].map(async (path) => gzipSync(await readFile(join(outDir, path))).length),
  )
  return sizes.reduce((sum, size) => sum + size, 0)
}

async function runLighthouse(
  url: string,
  port: number,
  keepStorage: boolean,
  outDir: string,
  reportName: string,
): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: keepStorage,
  }
  const result = await lighthouse(url, flags)
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const problem = result.lhr.runtimeError ?? result.lhr.runWarnings[0]
  if (result.lhr.runtimeError) throw new Error(`${url}: ${problem?.toString()}`)
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true })
    await writeFile(join(REPORTS, `${reportName}.json`), JSON.stringify(result.lhr))
    await writeFile(
      join(REPORTS, `${reportName}.trace.json`),
      JSON.stringify(result.artifacts.Trace),
    )
  }
  return {
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    bestPractices: score(result, 'best-practices'),
    seo: score(result, 'seo'),
    fcp: metric(result, 'first-contentful-paint'),
    lcp: metric(result, 'largest-contentful-paint'),
    tbt: metric(result, 'total-blocking-time'),
    cls: metric(result, 'cumulative-layout-shift'),
    jsBytes: await scriptBytes(result, outDir),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[]
  return Object.fromEntries(
    keys.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as unknown as Figures
}

/** Signs a holder in with the emailed code, in the Chrome Lighthouse drives. */
async function signIn(chrome: LaunchedChrome, appUrl: string, stack: Stack): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://${HOST}:${chrome.port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await signInWithEmailCode(page, appUrl, stack.provider.url, LOCALE)
    await page.close()
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`

function row(label: string, runs: Figures[], floorBytes: number): string {
  const figures = medians(runs)
  return [
    label,
    figures.performance,
    // Every run's score beside the median: on a small machine they spread by a few points.
    runs.map((run) => run.performance).join(' '),
    figures.accessibility,
    figures.bestPractices,
    figures.seo,
    ms(figures.fcp),
    ms(figures.lcp),
    ms(figures.tbt),
    figures.cls.toFixed(3),
    kb(figures.jsBytes),
    `${(figures.jsBytes / floorBytes).toFixed(2)}×`,
  ].join(' | ')
}

async function main(): Promise<void> {
  const work = resolve('.bench')
  const appDir = join(work, 'app')
  console.log('Building the app and the floor…')
  await buildApp(appDir)
  const floorDir = await buildFloor(join(work, 'floor'))
  let served: ServedApp | undefined
  let floor: StaticServer | undefined
  let chrome: LaunchedChrome | undefined
  try {
    served = await serveWithStack(appDir, PORTS, { host: HOST, compress: true })
    const { appUrl, stack } = served
    floor = await startStaticServer(floorDir, PORTS.floor, { compress: true })
    const profile = await mkdtemp(join(tmpdir(), 'iyk-bench-chrome-'))
    chrome = await launch({
      chromePath: CHROMIUM_PATH,
      // The browser's languages: what a first visit's language follows.
      chromeFlags: [...LAUNCH_ARGS, `--lang=${LOCALE}`, `--accept-lang=${LOCALE}`],
      userDataDir: profile,
    })

    const routes = [
      {
        id: 'floor',
        label: 'floor (hello world)',
        url: `${floor.url}/`,
        signedIn: false,
        dir: floorDir,
      },
      { id: 'home', label: '/', url: `${appUrl}/`, signedIn: false, dir: appDir },
      { id: 'tap', label: '/tap?…', url: `${appUrl}${TAP}`, signedIn: false, dir: appDir },
      {
        id: 'sign-in',
        label: '/auth/email',
        url: `${appUrl}/auth/email`,
        signedIn: false,
        dir: appDir,
      },
      { id: 'signed-in', label: '/ signed in', url: `${appUrl}/`, signedIn: true, dir: appDir },
    ]
    const wanted = process.env.ROUTES?.split(',')
    const results = new Map<string, Figures[]>()
    for (const route of routes) {
      if (wanted && route.id !== 'floor' && !wanted.includes(route.id)) continue
      // Signed-in runs keep storage (the session, its worker and caches): sign in once first.
      if (route.signedIn) await signIn(chrome, appUrl, stack)
      const runs: Figures[] = []
      for (let run = 0; run < RUNS; run += 1) {
        const name = `${route.id}-${run + 1}`
        runs.push(await runLighthouse(route.url, chrome.port, route.signedIn, route.dir, name))
        process.stdout.write('.')
      }
      results.set(route.label, runs)
    }
    const floorRuns = results.get('floor (hello world)')
    const floorBytes = floorRuns ? medians(floorRuns).jsBytes : NaN
    console.log(
      `\n\nLighthouse ${RUNS > 1 ? `median of ${RUNS}` : '1 run'}, mobile, simulated throttling, in ${LOCALE}`,
    )
    console.log(
      'route | perf | perf each run | a11y | best practices | SEO | FCP | LCP | TBT | CLS | JS (gzip) | JS vs floor',
    )
    console.log('--- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | ---')
    for (const [label, runs] of results) console.log(row(label, runs, floorBytes))
    console.log(
      '\nTargets: performance ≥ 95, the other three 100, FCP ≤ 1000 ms, JS ≤ 1.1× the floor on / and /tap.',
    )
  } finally {
    await chrome?.kill()
    await floor?.close()
    await served?.close()
  }
}

await main()
