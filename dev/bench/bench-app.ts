/**
 * What the browser benches share: the production app built for a bench's own stack ports, served
 * gzipped beside that stack, and the median of their runs.
 */
import { resolve } from 'node:path'
import { build } from 'vite'
import { serveWithStack, type ServedApp, type ServedPorts } from '../../tests/support/served-app.ts'

const HOST = '127.0.0.1'

/**
 * Builds the production app into `.bench/<name>` for the stack on `ports` (a bench's own, apart
 * from every other bench's and the tests'), then serves it gzipped beside that stack.
 */
export async function startBenchApp(name: string, ports: ServedPorts): Promise<ServedApp> {
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
  return serveWithStack(appDir, ports, { host: HOST, compress: true })
}

/** The middle value of `values` (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
