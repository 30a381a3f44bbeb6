/** What every provider handler shares: configuration, records, signing key, send limits, clock and console. */
import type { Clock } from '../clock.ts'
import type { JsonFile } from '../store/json-file.ts'
import type { SendLimiter } from './send-limits.ts'
import type { SigningKey } from './signing-key.ts'
import type { ProviderState } from './state.ts'

/** The emulator's configuration (the parts `/_dev/config` may change are marked). */
export interface ProviderConfig {
  publicToken: string
  projectId: string
  /** Bootstrap asks for Sign-In With Ethereum messages on crypto-wallet sign-in (run-time switch). */
  siwe: boolean
  /** The project's authorized SDK origins: the app origins the stack serves. */
  appOrigins: string[]
  /** The redirect-URL allow-list, matched exactly; the first is the project's default. */
  redirectUrls: string[]
  /** SDK calls must carry the SDK's `X-SDK-*` headers from an authorized origin (run-time switch). */
  strictSdk: boolean
  /** Sends per address per clock second and hour, per kind; 0 is no limit (run-time switches). */
  emailSendsPerSecond: number
  emailSendsPerHour: number
  /**
   * Bootstrap's `pkce_required_for_oauth`: OAuth starts must carry a PKCE challenge (run-time
   * switch; absent: on).
   */
  pkceRequiredForOAuth?: boolean
  /** The OAuth providers the project has configured (run-time switch; absent: google, apple). */
  oauthProviders?: string[]
}

/** Shared state of one emulator instance. */
export interface ProviderContext {
  config: ProviderConfig
  store: JsonFile<ProviderState>
  key: SigningKey
  /** Counts codes and links sent per address (in memory: a restart or `/_dev/reset` clears it). */
  limits: SendLimiter
  clock: Clock
  /** Prints a line for people (silent when the stack is quiet). */
  log(line: string): void
}
