/**
 * What the browser benches share: the production app built for a bench's own stack ports, served
 * gzipped beside that stack, and the median of their runs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { startStaticServer } from '../../tests/support/static-server.ts'
import { startStack, type Stack } from '../stack.ts'

const HOST = '127.0.0.1'

/** The ports one bench uses, apart from every other bench's and the tests'. */
export interface BenchPorts {
  app: number
  provider: number
  cards: number
  sink: number
}

/** The app and the stack a bench runs against; `close` stops both and removes the stack's data. */
export interface BenchApp {
  appUrl: string
  stack: Stack
  close(): Promise<void>
}

/**
 * Builds the production app into `.bench/<name>` for the stack on `ports`, then serves it and
 * starts the stack (strict about the SDK's headers, quiet).
 */
export async function startBenchApp(name: string, ports: BenchPorts): Promise<BenchApp> {
  const appDir = resolve('.bench', name)
  console.log('Building the app…')
  Object.assign(process.env, {
    NODE_ENV: 'production',
    VITE_STYTCH_API_URL: `http://${HOST}:${ports.provider}`,
    VITE_CARDS_API_URL: `http://${HOST}:${ports.cards}`,
    VITE_SENTRY_DSN: `http://public@${HOST}:${ports.sink}/1`,
  })
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: appDir, emptyOutDir: true },
  })
  const dataDir = await mkdtemp(join(tmpdir(), 'iyk-bench-'))
  const app = await startStaticServer(appDir, ports.app, { compress: true })
  try {
    const stack = await startStack({
      host: HOST,
      providerPort: ports.provider,
      cardsPort: ports.cards,
      sinkPort: ports.sink,
      dataDir,
      appUrl: app.url,
      strictSdk: true,
      quiet: true,
    })
    return {
      appUrl: app.url,
      stack,
      async close() {
        await app.close()
        await stack.close()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/** The middle value of `values` (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
