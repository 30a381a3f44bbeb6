/**
 * Browser-test setup: builds the production app against test ports, serves it from a static
 * server, and hands the URLs to the tests through vitest's `provide`/`inject`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolve } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { startStaticServer } from '../support/static-server.ts'
import { startStack } from '../../dev/stack.ts'

/**
 * Moves every port (and the build directory) so that several browser-test runs can share one
 * machine, e.g. `TEST_PORT_OFFSET=100 npx vitest run --project browser`; 0 when unset.
 */
const OFFSET = Number.parseInt(process.env.TEST_PORT_OFFSET ?? '0', 10) || 0

/** Ports of the test servers; distinct from `npm start`'s so both can run at once. */
export const TEST_PORTS = {
  app: 14173 + OFFSET,
  provider: 18787 + OFFSET,
  cards: 18788 + OFFSET,
  sink: 18789 + OFFSET,
} as const

/** The build directory the browser tests serve (git-ignored). */
export const TEST_DIST = resolve(OFFSET === 0 ? 'dist-test' : `dist-test-${OFFSET}`)

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    distDir: string
    providerUrl: string
    cardsUrl: string
    sinkUrl: string
  }
}

export default async function setup(project: TestProject) {
  const host = '127.0.0.1'
  Object.assign(process.env, {
    // vitest sets NODE_ENV=test; the app under test must be the real production build.
    NODE_ENV: 'production',
    VITE_STYTCH_API_URL: `http://${host}:${TEST_PORTS.provider}`,
    VITE_CARDS_API_URL: `http://${host}:${TEST_PORTS.cards}`,
    VITE_SENTRY_DSN: `http://public@${host}:${TEST_PORTS.sink}/1`,
    // The key-backed test wallet exists in this build only (src/features/wallet/wallet-config.ts).
    VITE_TEST_WALLET: 'on',
  })
  await rm(TEST_DIST, { recursive: true, force: true })
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: TEST_DIST, emptyOutDir: true },
  })

  const app = await startStaticServer(TEST_DIST, TEST_PORTS.app)
  const dataDir = await mkdtemp(join(tmpdir(), 'iyk-stack-'))
  const stack = await startStack({
    host,
    providerPort: TEST_PORTS.provider,
    cardsPort: TEST_PORTS.cards,
    sinkPort: TEST_PORTS.sink,
    dataDir,
    appUrl: app.url,
    // The provider's checks, always on here: SDK calls (the worker's too) need the SDK's headers
    // from the app's origin, and magic links must land exactly on `${app.url}/auth/email`.
    strictSdk: true,
    quiet: true,
  })
  project.provide('appUrl', app.url)
  project.provide('distDir', TEST_DIST)
  project.provide('providerUrl', stack.provider.url)
  project.provide('cardsUrl', stack.cards.url)
  project.provide('sinkUrl', stack.sink.url)

  return async () => {
    await Promise.all([app.close(), stack.close()])
    await rm(dataDir, { recursive: true, force: true })
  }
}
