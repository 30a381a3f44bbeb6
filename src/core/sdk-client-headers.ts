/**
 * The headers the provider SDK sends on every API call, rebuilt for the engine's own calls: the
 * provider checks the calling app (`X-SDK-Parent-Host`, `X-SDK-Client`) on its SDK routes, so a
 * call without them may be refused (`bad_domain_for_stytch_sdk`). Mirrors `fetchSDK` and
 * `createTelemetryBlob` in the SDK's `web/src/NetworkClient` (contract §0 and §3).
 */
import { base64Encode } from './base64.ts'
import type { NewId } from './ports.ts'

/** The SDK's package name, which prefixes its version in the telemetry. */
const SDK_PACKAGE = '@stytch/vanilla-js'

/** The name the SDK gives itself in the telemetry. */
export const SDK_IDENTIFIER = 'Stytch.js Javascript SDK'

/** Who calls: fixed for a host (its own location, never a message) and the build. */
export interface SdkCaller {
  /** The provider project's public token. */
  publicToken: string
  /** The app's `location.origin`, e.g. `https://cards.example`. */
  appOrigin: string
  /** The app's `location.hostname`, e.g. `cards.example`. */
  appHostname: string
  /** The installed SDK package's version, e.g. `6.3.0`. */
  sdkVersion: string
}

/** What differs between calls. */
export interface SdkCall {
  /** The session the call is made for (its token authenticates it). */
  session: { sessionToken: string; userId: string; sessionId: string | null }
  /** Epoch milliseconds. */
  now: number
  /** IANA time zone name, as `Intl` resolves it. */
  timeZone: string
  /** Source of the three fresh UUIDs each call carries. */
  newId: NewId
}

/** The telemetry object the SDK base64-encodes into `X-SDK-Client`, in the SDK's key order. */
export interface SdkTelemetry {
  event_id: string
  app_session_id: string
  persistent_id: string
  client_sent_at: string
  timezone: string
  /** Absent (dropped by JSON.stringify) when unknown, as in the SDK. */
  stytch_user_id?: string
  stytch_session_id?: string
  app: { identifier: string }
  sdk: { identifier: string; version: string }
}

/** The time zone the host runs in, read per call as the SDK does. */
export function currentTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The SDK's telemetry for one call. The SDK draws new app-session and persistent ids on every
 * call too (its own TODO says they should persist), so nothing here is kept between calls.
 */
export function sdkTelemetry(caller: SdkCaller, call: SdkCall): SdkTelemetry {
  return {
    event_id: `event-id-${call.newId()}`,
    app_session_id: `app-session-id-${call.newId()}`,
    persistent_id: `persistent-id-${call.newId()}`,
    client_sent_at: new Date(call.now).toISOString(),
    timezone: call.timeZone,
    stytch_user_id: call.session.userId,
    stytch_session_id: call.session.sessionId ?? undefined,
    app: { identifier: caller.appHostname },
    sdk: { identifier: SDK_IDENTIFIER, version: `${SDK_PACKAGE}@${caller.sdkVersion}` },
  }
}

/**
 * Every header the SDK sends on an API call, in its order. The SDK encodes with `btoa`, which
 * takes Latin-1 only; `base64Encode` encodes UTF-8, so both agree on the ASCII these values are
 * (tokens, ids, ISO time, zone names, punycode host names).
 */
export function sdkRequestHeaders(caller: SdkCaller, call: SdkCall): Record<string, string> {
  return {
    Authorization: `Basic ${base64Encode(`${caller.publicToken}:${call.session.sessionToken}`)}`,
    'Content-Type': 'application/json',
    'X-SDK-Client': base64Encode(JSON.stringify(sdkTelemetry(caller, call))),
    'X-SDK-Parent-Host': caller.appOrigin,
  }
}
