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
  /**
   * Origins allowed by CORS; undefined allows any http://localhost:* or http://127.0.0.1:* origin.
   * With `appUrl`, they are also the provider's authorized SDK origins and redirect-URL origins.
   */
  allowedOrigins: string[] | undefined
  /**
   * Other origins the same app is served from (the build behind Caddy over HTTPS, say): authorized
   * SDK origins and redirect-URL origins too, as the provider's dashboard lists each deployed
   * origin; CORS is left as `allowedOrigins` says.
   */
  servedAlsoAt: string[]
  /**
   * The provider's redirect-URL allow-list, matched exactly (query included); the first is the
   * default when a call names none. Undefined: `{origin}/auth/email` for each app origin.
   */
  redirectUrls: string[] | undefined
  /**
   * The provider checks `X-SDK-Client` and `X-SDK-Parent-Host` on every SDK call (but telemetry),
   * and refuses parent hosts that are not app origins, as the real one does for unknown domains.
   */
  strictSdk: boolean
  /** Codes (and, separately, links) one address may be sent per clock second; 0: no limit. */
  emailSendsPerSecond: number
  /** Codes (and, separately, links) one address may be sent per clock hour; 0: no limit. */
  emailSendsPerHour: number
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
  servedAlsoAt: [],
  redirectUrls: undefined,
  strictSdk: true,
  emailSendsPerSecond: 1,
  emailSendsPerHour: 10,
  quiet: false,
}

/**
 * An app origin on 127.0.0.1 and the same app at `localhost`: a passkey needs a domain name (an IP
 * address cannot be a relying party), so the local project authorizes both names of the app.
 */
function withLocalhostName(origin: string): string[] {
  const url = new URL(origin)
  if (url.hostname !== '127.0.0.1') return [origin]
  url.hostname = 'localhost'
  return [origin, url.origin]
}

/**
 * The origins the app is served from: `appUrl`'s (on 127.0.0.1, also as `localhost`), those it
 * is also served at, then each allowed CORS origin (no duplicates).
 */
export function appOrigins(
  options: Pick<StackOptions, 'appUrl' | 'allowedOrigins'> &
    Partial<Pick<StackOptions, 'servedAlsoAt'>>,
): string[] {
  const app = withLocalhostName(new URL(options.appUrl).origin)
  const also = (options.servedAlsoAt ?? []).map((url) => new URL(url).origin)
  return [...new Set([...app, ...also, ...(options.allowedOrigins ?? [])])]
}

/** The redirect-URL allow-list: as given, or `{origin}/auth/email` for each app origin. */
export function redirectUrls(
  options: Pick<StackOptions, 'appUrl' | 'allowedOrigins' | 'redirectUrls'> &
    Partial<Pick<StackOptions, 'servedAlsoAt'>>,
): string[] {
  return options.redirectUrls ?? appOrigins(options).map((origin) => `${origin}/auth/email`)
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

function count(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number (0 for no limit), not "${raw}".`)
  }
  return value
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  if (raw !== '0' && raw !== '1') throw new RangeError(`${name} must be 1 or 0, not "${raw}".`)
  return raw === '1'
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const items = env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items?.length ? items : undefined
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * Options from the environment: PROVIDER_PORT, CARDS_PORT, SINK_PORT, STACK_HOST, STACK_DATA_DIR,
 * STYTCH_PUBLIC_TOKEN, STYTCH_PROJECT_ID, STACK_SIWE=1, APP_URL, STACK_ALLOWED_ORIGINS and
 * STACK_REDIRECT_URLS (comma-separated), STACK_STRICT_SDK=1|0, STACK_EMAIL_SENDS_PER_SECOND and
 * STACK_EMAIL_SENDS_PER_HOUR.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<StackOptions> {
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
    allowedOrigins: list(env, 'STACK_ALLOWED_ORIGINS'),
    redirectUrls: list(env, 'STACK_REDIRECT_URLS'),
    strictSdk: flag(env, 'STACK_STRICT_SDK'),
    emailSendsPerSecond: count(env, 'STACK_EMAIL_SENDS_PER_SECOND'),
    emailSendsPerHour: count(env, 'STACK_EMAIL_SENDS_PER_HOUR'),
  })
}
