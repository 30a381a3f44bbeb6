/** The session engine's configuration: where it sends its calls, and the build's deadlines. */
import type { Timing } from './timing.ts'

/** Where the engine sends its calls; fixed at build time, never taken from a message. */
export interface EngineConfig {
  /** Base URL of the provider API, without the `/sdk/v1` prefix. */
  providerUrl: string
  /** The provider's public token. */
  publicToken: string
  /** Base URL of the cards API. */
  cardsUrl: string
  /** The host's own `location.origin`: the provider checks it on SDK calls (`X-SDK-Parent-Host`). */
  appOrigin: string
  /** The host's own `location.hostname`, the app identifier in the SDK telemetry. */
  appHostname: string
  /** The installed provider SDK's version, e.g. `6.3.0`: these calls stand in for its own. */
  sdkVersion: string
  /** Origins event images may load from; an image elsewhere is dropped from the event. */
  imageOrigins: readonly string[]
  /** The host's `navigator.userAgent`, which the provider keeps with each passkey. */
  userAgent: string
  /** The build's deadlines and intervals: call timeouts, the schedule's cadence and backoff. */
  timing: Readonly<Timing>
}
