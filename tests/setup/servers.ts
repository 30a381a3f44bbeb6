/**
 * Browser-test setup: one stack per browser-test worker, so test files run side by side without
 * sharing a stand-in's faults, clock or counters. For each worker it builds the production app
 * against that worker's ports, serves it from a static server, starts the stand-ins, and hands
 * the URLs to the tests (`tests/support/test-stack.ts` leases one per file).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { serveWithStack } from '../support/served-app.ts'
import { speedFactor } from '../support/speed-factor.ts'
import type { TestStack } from '../support/test-stack.ts'

/**
 * Moves every port (and so every build directory) so that several browser-test runs can share one
 * machine, e.g. `TEST_PORT_OFFSET=100 npx vitest run --project browser`; 0 when unset. Each run
 * takes 10 ports per worker from there (see `testPorts`).
 */
const OFFSET = Number.parseInt(process.env.TEST_PORT_OFFSET ?? '0', 10) || 0

/** How far apart the ports of two workers' stacks are. */
const SLOT_SPACING = 10

/**
 * Ports of the stack of worker `slot` (1, 2, …): distinct from `npm start`'s so both can run at
 * once, and 10 apart per worker.
 */
export function testPorts(slot: number) {
  const shift = OFFSET + SLOT_SPACING * (slot - 1)
  return {
    app: 14173 + shift,
    provider: 18787 + shift,
    cards: 18788 + shift,
    sink: 18789 + shift,
  } as const
}

/**
 * Where the build served on `appPort` is also served, by Caddy over HTTPS with the build's
 * Caddyfile, when a test starts it: HTTPS next to the app's port, HTTP after it.
 */
export const caddyPorts = (appPort: number) => ({ https: appPort + 1, http: appPort + 2 })

/** The origin of the build served on `appPort`, served by Caddy. */
export const caddyUrl = (appPort: number) => `https://localhost:${caddyPorts(appPort).https}`

/**
 * Where a test deploys releases of its own beside the app on `appPort` (another build, an earlier
 * release, the kill switch), one after another on one origin, as a host does.
 */
export const releaseHostUrl = (appPort: number) => `http://127.0.0.1:${appPort + 3}`

/**
 * The build directory worker `slot` serves (git-ignored), named after its app's port: two workers
 * or two runs never build into one directory unless they would also share a port.
 */
export const testDist = (slot: number) => resolve(`dist-test-${testPorts(slot).app}`)

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The stacks, one per browser-test worker, and the directory of their leases: a file leases
     * one for itself (`tests/support/test-stack.ts`).
     */
    testStacks: { stacks: TestStack[]; leaseDir: string }
  }
}

const host = '127.0.0.1'

/**
 * Builds the app that worker `slot` serves. One build at a time: Vite reads the stand-ins' URLs
 * from `process.env` while it resolves its config, so two builds at once could swap them.
 */
async function buildFor(slot: number): Promise<string> {
  const ports = testPorts(slot)
  const outDir = testDist(slot)
  Object.assign(process.env, {
    // vitest sets NODE_ENV=test; the app under test must be the real production build.
    NODE_ENV: 'production',
    VITE_STYTCH_API_URL: `http://${host}:${ports.provider}`,
    VITE_CARDS_API_URL: `http://${host}:${ports.cards}`,
    VITE_SENTRY_DSN: `http://public@${host}:${ports.sink}/1`,
    // The key-backed test wallet exists in this build only (src/features/wallet/wallet-config.ts).
    VITE_TEST_WALLET: 'on',
    // Its short deadlines stretched by the run's speed factor (src/config/timing.ts).
    VITE_TEST_SPEED_FACTOR: process.env.TEST_SPEED_FACTOR,
  })
  await rm(outDir, { recursive: true, force: true })
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/** Serves worker `slot`'s build and starts its stand-ins; `close` stops them, drops their data. */
async function serve(slot: number, distDir: string) {
  const { appUrl, stack, close } = await serveWithStack(distDir, testPorts(slot), {
    host,
    // The same build served by Caddy over HTTPS (tests/engines/chromium-https.test.ts), and the
    // releases tests deploy themselves.
    servedAlsoAt: [caddyUrl(testPorts(slot).app), releaseHostUrl(testPorts(slot).app)],
  })
  const urls: TestStack = {
    appUrl,
    providerUrl: stack.provider.url,
    cardsUrl: stack.cards.url,
    sinkUrl: stack.sink.url,
    distDir,
  }
  return { urls, close }
}

/**
 * Measures the run's speed factor once, before anything else loads the machine, and hands it on as
 * `TEST_SPEED_FACTOR` (kept when already set): the test files' deadlines
 * (tests/support/deadline.ts) and the builds' short ones (`buildFor`) are stretched by it.
 */
function measureSpeed(): void {
  const { factor, source } = speedFactor()
  process.env.TEST_SPEED_FACTOR = String(factor)
  console.log(`Browser tests: speed factor ${factor} (${source}); every deadline stretched by it.`)
}

export default async function setup(project: TestProject) {
  measureSpeed()
  // As many stacks as the project has workers (vitest.config.ts, `BROWSER_WORKERS`): at most that
  // many files run at once, each on a stack it leases (tests/support/test-stack.ts).
  const workers =
    project.config.maxWorkers ||
    project.globalConfig.maxWorkers ||
    Math.max(availableParallelism() - 1, 1) // vitest's own default
  const dists: string[] = []
  for (let slot = 1; slot <= workers; slot++) dists.push(await buildFor(slot))

  const started = await Promise.allSettled(dists.map((dist, index) => serve(index + 1, dist)))
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const closeAll = () => Promise.all(running.map((stack) => stack.close()))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await closeAll()
    throw failed.reason
  }
  const leaseDir = await mkdtemp(join(tmpdir(), 'iyk-stack-leases-'))
  project.provide('testStacks', { stacks: running.map((stack) => stack.urls), leaseDir })
  return async () => {
    await closeAll()
    await rm(leaseDir, { recursive: true, force: true })
  }
}
