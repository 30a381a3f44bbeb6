/**
 * A built app served beside a local stack of its own: what each browser-test worker and each
 * browser bench runs against.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack, type Stack } from '../../dev/stack.ts'
import { startStaticServer } from './static-server.ts'

/** The ports of one app and its stand-ins. */
export interface ServedPorts {
  app: number
  provider: number
  cards: number
  sink: number
}

/** The served app and its stack; `close` stops both and removes the stack's data. */
export interface ServedApp {
  appUrl: string
  stack: Stack
  close(): Promise<void>
}

/**
 * Serves `distDir` on `ports.app` (gzipped where `compress`, as production hosts do) and starts
 * the stand-ins on the others, with their data in a new temporary directory.
 */
export async function serveWithStack(
  distDir: string,
  ports: ServedPorts,
  {
    host = '127.0.0.1',
    compress = false,
    servedAlsoAt = [],
  }: { host?: string; compress?: boolean; servedAlsoAt?: string[] } = {},
): Promise<ServedApp> {
  const app = await startStaticServer(distDir, ports.app, { compress })
  const dataDir = await mkdtemp(join(tmpdir(), 'iyk-stack-'))
  const stack = await startStack({
    host,
    providerPort: ports.provider,
    cardsPort: ports.cards,
    sinkPort: ports.sink,
    dataDir,
    appUrl: app.url,
    servedAlsoAt,
    // The provider's checks, always on here: SDK calls (the worker's too) need the SDK's headers
    // from the app's origin, and magic links must land exactly on `${app.url}/auth/email`.
    strictSdk: true,
    quiet: true,
  }).catch(async (error: unknown) => {
    await Promise.all([app.close(), rm(dataDir, { recursive: true, force: true })])
    throw error
  })
  return {
    appUrl: app.url,
    stack,
    async close() {
      await Promise.all([app.close(), stack.close()])
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
