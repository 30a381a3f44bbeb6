/** Build-time configuration defaults: they point at the local stack in dev/ (see README). */
export const CONFIG_DEFAULTS = {
  VITE_STYTCH_PUBLIC_TOKEN: 'public-token-test-local',
  VITE_STYTCH_API_URL: 'http://127.0.0.1:8787',
  VITE_CARDS_API_URL: 'http://127.0.0.1:8788',
  VITE_SENTRY_DSN: 'http://public@127.0.0.1:8789/1',
  VITE_RPC_URL_MAINNET: 'http://127.0.0.1:8545',
  VITE_RPC_URL_SEPOLIA: 'http://127.0.0.1:8546',
  VITE_SITE_URL: '',
  /** Where event artwork may load from besides the cards API (POAP's image host). */
  VITE_IMAGE_ORIGINS: 'https://assets.poap.xyz',
  /**
   * `on`; `unregister` only for the kill switch (`npm run build:unregister`): its worker clears
   * its caches and unregisters itself, and its page registers none (decision 036).
   */
  VITE_SERVICE_WORKER: 'on',
} as const

/** The names of every build-time variable the app reads. */
export type ConfigKey = keyof typeof CONFIG_DEFAULTS

/** Raw variables as Vite hands them over (`import.meta.env` or `loadEnv`). */
export type RawEnv = Partial<Record<string, string | boolean | undefined>>

/** The validated configuration every module reads. */
export interface AppConfig {
  stytchPublicToken: string
  stytchApiUrl: string
  cardsApiUrl: string
  /** Empty string turns error reporting off. */
  sentryDsn: string
  rpcUrlMainnet: string
  rpcUrlSepolia: string
  /** Where the app is deployed, for absolute share-preview URLs; empty leaves them relative. */
  siteUrl: string
  /**
   * The only origins event images load from (the CSP's `img-src` and the worker's image cache):
   * the configured image hosts and the cards API. An event naming any other host shows no image.
   */
  imageOrigins: string[]
}

/** Thrown when a build-time variable is malformed: the build must not ship a broken app. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

function pick(env: RawEnv, key: ConfigKey): string {
  const value = env[key]
  return typeof value === 'string' ? value.trim() : CONFIG_DEFAULTS[key]
}

function origin(env: RawEnv, key: ConfigKey): string {
  const value = pick(env, key)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${key} must be an absolute http(s) URL, got "${value}"`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${key} must use http or https, got "${value}"`)
  }
  // Trailing slashes would double up when paths are appended.
  return value.replace(/\/+$/, '')
}

/** Validates raw variables once; throws ConfigError naming the bad variable. */
export function parseConfig(env: RawEnv): AppConfig {
  const stytchPublicToken = pick(env, 'VITE_STYTCH_PUBLIC_TOKEN')
  if (!/^public-token-(test|live)-[\w-]+$/.test(stytchPublicToken)) {
    throw new ConfigError(
      `VITE_STYTCH_PUBLIC_TOKEN must look like public-token-test-… or public-token-live-…`,
    )
  }
  const sentryDsn = pick(env, 'VITE_SENTRY_DSN')
  if (sentryDsn !== '') origin(env, 'VITE_SENTRY_DSN')
  const siteUrl = pick(env, 'VITE_SITE_URL') === '' ? '' : origin(env, 'VITE_SITE_URL')
  const cardsApiUrl = origin(env, 'VITE_CARDS_API_URL')
  return {
    stytchPublicToken,
    stytchApiUrl: origin(env, 'VITE_STYTCH_API_URL'),
    cardsApiUrl,
    sentryDsn,
    rpcUrlMainnet: origin(env, 'VITE_RPC_URL_MAINNET'),
    rpcUrlSepolia: origin(env, 'VITE_RPC_URL_SEPOLIA'),
    siteUrl,
    imageOrigins: [...new Set([...imageHosts(env), new URL(cardsApiUrl).origin])],
  }
}

/**
 * `VITE_SERVICE_WORKER` as a build folds it in (`src/config/env.ts`): `on`, or `unregister` for
 * the kill switch's build. Checked at build time only: a typo must fail the build, not ship.
 */
export function serviceWorkerMode(env: RawEnv): 'on' | 'unregister' {
  const mode = pick(env, 'VITE_SERVICE_WORKER')
  if (mode !== 'on' && mode !== 'unregister') {
    throw new ConfigError(`VITE_SERVICE_WORKER must be on or unregister, got "${mode}"`)
  }
  return mode
}

/** `VITE_IMAGE_ORIGINS`: origins separated by spaces or commas, each a bare http(s) origin. */
function imageHosts(env: RawEnv): string[] {
  const key = 'VITE_IMAGE_ORIGINS'
  return pick(env, key)
    .split(/[\s,]+/)
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL
      try {
        url = new URL(item)
      } catch {
        throw new ConfigError(
          `${key} must list origins like https://assets.poap.xyz, got "${item}"`,
        )
      }
      const bare = url.origin === item.replace(/\/+$/, '')
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare) {
        throw new ConfigError(`${key} must list bare http(s) origins (no path), got "${item}"`)
      }
      return url.origin
    })
}

/**
 * `VITE_TEST_TIMING` as a build compiles it in (`src/config/timing.ts`): 'on' gives the short
 * deadlines of the browser-test build. Unset, it follows `VITE_TEST_WALLET`, which the
 * browser-test build turns on (tests/setup/servers.ts) and no other build does; `off` whenever
 * neither says `on`.
 */
export function testTimingFlag(env: RawEnv): 'on' | 'off' {
  const flag = env.VITE_TEST_TIMING ?? env.VITE_TEST_WALLET
  return flag === 'on' ? 'on' : 'off'
}
