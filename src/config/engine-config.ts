/** The session engine's configuration, built the same way by both of its hosts. */
import type { EngineConfig } from '../core/engine-config.ts'
import type { Timing } from '../core/timing.ts'
import type { AppConfig } from './defaults.ts'
import { STYTCH_SDK_VERSION } from './sdk-version.ts'

/** What only the host knows: its own location and browser (a worker's or a page's). */
export interface EngineHost {
  location: { readonly origin: string; readonly hostname: string }
  userAgent: string
}

/**
 * The engine's configuration from the build's configuration and timing and the host's location
 * and user agent: the worker (`sw/sw.ts`) and the in-page host pass their own.
 */
export function engineConfig(
  config: AppConfig,
  timing: Readonly<Timing>,
  host: EngineHost,
): EngineConfig {
  return {
    providerUrl: config.stytchApiUrl,
    publicToken: config.stytchPublicToken,
    cardsUrl: config.cardsApiUrl,
    appOrigin: host.location.origin,
    appHostname: host.location.hostname,
    userAgent: host.userAgent,
    sdkVersion: STYTCH_SDK_VERSION,
    imageOrigins: config.imageOrigins,
    timing,
  }
}
