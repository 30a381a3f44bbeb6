/**
 * Browser-test setup: builds the production app against test ports, serves it from a static
 * server, and hands the URLs to the tests through vitest's `provide`/`inject`.
 */
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { startStaticServer } from '../support/static-server.ts'

/** Ports of the test servers; distinct from `npm start`'s so both can run at once. */
export const TEST_PORTS = { app: 14173, provider: 18787, cards: 18788, sink: 18789 } as const

/** The build directory the browser tests serve (git-ignored). */
export const TEST_DIST = resolve('dist-test')

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string
    distDir: string
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
  })
  await rm(TEST_DIST, { recursive: true, force: true })
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: TEST_DIST, emptyOutDir: true },
  })

  const app = await startStaticServer(TEST_DIST, TEST_PORTS.app)
  project.provide('appUrl', app.url)
  project.provide('distDir', TEST_DIST)

  return async () => {
    await app.close()
  }
}
