/** Starts the whole local stack (provider emulator, cards API stand-in, error-report sink); also a script. */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startCardsServer } from './cards/cards-server.ts'
import { Clock } from './clock.ts'
import { PortInUseError, type DevServer } from './http/dev-server.ts'
import { startProviderServer } from './provider/provider-server.ts'
import { startSinkServer } from './sink/sink-server.ts'
import {
  DEFAULT_STACK_OPTIONS,
  appOrigins,
  optionsFromEnv,
  redirectUrls,
  type StackOptions,
} from './stack-options.ts'

export type { StackOptions } from './stack-options.ts'

/** A running stack: where each server listens, the project's identifiers, and how to stop it. */
export interface Stack {
  provider: { url: string }
  cards: { url: string }
  sink: { url: string; dsn: string }
  publicToken: string
  projectId: string
  /** The origins the provider authorizes for its SDK, and its redirect-URL allow-list. */
  appOrigins: string[]
  redirectUrls: string[]
  dataDir: string
  /** The shared clock: tests advance it to expire codes, links, sessions and JWTs. */
  clock: Clock
  close(): Promise<void>
}

/** Starts the three servers (provider first: the cards API reads its JWKS); closes all if one fails. */
export async function startStack(options: Partial<StackOptions> = {}): Promise<Stack> {
  const opts: StackOptions = { ...DEFAULT_STACK_OPTIONS, ...options }
  if (!URL.canParse(opts.appUrl))
    throw new RangeError(`APP_URL must be a URL, not "${opts.appUrl}".`)
  const dataDir = resolve(opts.dataDir)
  const clock = new Clock()
  const log = opts.quiet ? () => {} : (line: string) => console.log(line)
  const started: DevServer[] = []
  const cors = opts.allowedOrigins
  const origins = appOrigins(opts)
  const redirects = redirectUrls(opts)
  try {
    const provider = await startProviderServer({
      config: {
        publicToken: opts.publicToken,
        projectId: opts.projectId,
        siwe: opts.siwe,
        appOrigins: origins,
        redirectUrls: redirects,
        strictSdk: opts.strictSdk,
        emailSendsPerSecond: opts.emailSendsPerSecond,
        emailSendsPerHour: opts.emailSendsPerHour,
      },
      dataDir,
      host: opts.host,
      port: opts.providerPort,
      cors,
      clock,
      log,
    })
    started.push(provider)
    const cards = await startCardsServer({
      providerUrl: provider.url,
      projectId: opts.projectId,
      dataDir,
      host: opts.host,
      port: opts.cardsPort,
      cors,
      clock,
    })
    started.push(cards)
    const sink = await startSinkServer({ dataDir, host: opts.host, port: opts.sinkPort, cors })
    started.push(sink)
    const sinkUrl = new URL(sink.url)
    return {
      provider: { url: provider.url },
      cards: { url: cards.url },
      sink: { url: sink.url, dsn: `http://public@${sinkUrl.host}/1` },
      publicToken: opts.publicToken,
      projectId: opts.projectId,
      appOrigins: origins,
      redirectUrls: redirects,
      dataDir,
      clock,
      close: async () => {
        await Promise.all(started.map((server) => server.close()))
      },
    }
  } catch (error) {
    await Promise.all(started.map((server) => server.close()))
    throw error
  }
}

/** The lines printed when the stack is up. */
export function describeStack(stack: Stack): string {
  return [
    'Local stack is up:',
    `  provider emulator   ${stack.provider.url}   (public token ${stack.publicToken})`,
    `  JWKS                ${stack.provider.url}/v1/sessions/jwks/${stack.projectId}`,
    `  cards API           ${stack.cards.url}/api/poap-events?isActive=false`,
    `  error-report sink   ${stack.sink.url}   (DSN ${stack.sink.dsn}; reports at /_dev/reports)`,
    `  inbox               ${stack.provider.url}/_dev/inbox`,
    `  app origins         ${stack.appOrigins.join(', ')}   (the SDK's authorized domains)`,
    `  redirect URLs       ${stack.redirectUrls.join(', ')}`,
    `  data                ${stack.dataDir}   (npm run stack:reset empties it)`,
  ].join('\n')
}

/** Stops `close` on the first SIGINT or SIGTERM, then exits. */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`\n${signal}: shutting down...`)
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

/** Prints why the stack could not start and exits with an error code. */
export function failStart(error: unknown): never {
  const inUse = error instanceof Error && /already in use/i.test(error.message)
  if (error instanceof PortInUseError || error instanceof RangeError || inUse) {
    console.error(`Cannot start the local stack: ${error.message}`)
    console.error('Ports: PROVIDER_PORT, CARDS_PORT, SINK_PORT (and APP_PORT for npm start).')
  } else {
    console.error('Cannot start the local stack:', error)
  }
  process.exit(1)
}

/** Where `npm run preview` serves the production build, which `npm run stack` is for. */
const PREVIEW_URL = 'http://127.0.0.1:4173'

async function main(): Promise<void> {
  const stack = await startStack({ appUrl: PREVIEW_URL, ...optionsFromEnv() })
  console.log(describeStack(stack))
  console.log('Sign in with any email; the code appears here and in the inbox.')
  closeOnSignals(stack.close)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch(failStart)
}
