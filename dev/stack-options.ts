/** The local stack's options: defaults, and reading them from environment variables. */
import { fileURLToPath } from 'node:url'

/** Everything `startStack` can be told. */
export interface StackOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host: string
  /** Ports; 0 picks a free one (tests). Defaults 8787 / 8788 / 8789. */
  providerPort: number
  cardsPort: number
  sinkPort: number
  /** Folder for the JSON records and the signing key (default `.data/` at the repo root). */
  dataDir: string
  publicToken: string
  projectId: string
  /** Crypto-wallet sign-in uses Sign-In With Ethereum messages. */
  siwe: boolean
  /** The app's origin: magic links land on `${appUrl}/auth/email`. */
  appUrl: string
  /** Origins allowed by CORS; undefined allows any http://localhost:* or http://127.0.0.1:* origin. */
  allowedOrigins: string[] | undefined
  /** No console output (tests). */
  quiet: boolean
}

/** The data folder used when none is given: `.data/` at the repository root (git-ignored). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url))

/** The defaults for every option. */
export const DEFAULT_STACK_OPTIONS: StackOptions = {
  host: '127.0.0.1',
  providerPort: 8787,
  cardsPort: 8788,
  sinkPort: 8789,
  dataDir: DEFAULT_DATA_DIR,
  publicToken: 'public-token-test-local',
  projectId: 'project-test-local',
  siwe: false,
  appUrl: 'http://127.0.0.1:5173',
  allowedOrigins: undefined,
  quiet: false,
}

function port(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new RangeError(`${name} must be a port number from 0 to 65535, not "${raw}".`)
  }
  return value
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * Options from the environment: PROVIDER_PORT, CARDS_PORT, SINK_PORT, STACK_HOST, STACK_DATA_DIR,
 * STYTCH_PUBLIC_TOKEN, STYTCH_PROJECT_ID, STACK_SIWE=1, APP_URL, STACK_ALLOWED_ORIGINS (comma-separated).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<StackOptions> {
  const origins = env.STACK_ALLOWED_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  return defined({
    providerPort: port(env, 'PROVIDER_PORT'),
    cardsPort: port(env, 'CARDS_PORT'),
    sinkPort: port(env, 'SINK_PORT'),
    host: env.STACK_HOST || undefined,
    dataDir: env.STACK_DATA_DIR || undefined,
    publicToken: env.STYTCH_PUBLIC_TOKEN || undefined,
    projectId: env.STYTCH_PROJECT_ID || undefined,
    siwe: env.STACK_SIWE === undefined ? undefined : env.STACK_SIWE === '1',
    appUrl: env.APP_URL?.replace(/\/+$/, '') || undefined,
    allowedOrigins: origins?.length ? origins : undefined,
  })
}
