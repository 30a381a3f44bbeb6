/** Wraps SDK API handlers: Basic-auth and SDK-header checks, `{data}` wrapping, and provider-shaped errors. */
import type { DevRequest, Reply, Route } from '../http/types.ts'
import { header, json } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { ProviderError, SchemaError, apiError, schemaError } from './errors.ts'
import { requestId } from './ids.ts'

/** The two halves of `Authorization: Basic base64(public_token:secret)`. */
export interface BasicAuth {
  publicToken: string
  secret: string
}

/** An SDK handler: returns the fields of `data` (request_id and status_code are added). */
export type SdkHandler = (req: DevRequest, auth: BasicAuth) => Promise<object> | object

/** What the SDK says about itself in `X-SDK-Client` (the fields the emulator insists on). */
export interface SdkClient {
  identifier: string
  version: string
}

/** The page to authorize a domain on, which the provider names as this error's `error_url`. */
const SDK_CONFIGURATION_URL = 'https://stytch.com/dashboard/sdk-configuration'
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Parses a Basic Authorization header, or returns undefined when absent or malformed. */
export function parseBasicAuth(value: string | undefined): BasicAuth | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return undefined
  return { publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/**
 * Reads `X-SDK-Client`: base64 (the SDK's `btoa`) of the telemetry JSON, whose `sdk` names the SDK
 * and its version. Anything else is undefined.
 */
export function parseSdkClient(value: string | undefined): SdkClient | undefined {
  if (!value || !BASE64.test(value)) return undefined
  let telemetry: unknown
  try {
    telemetry = JSON.parse(Buffer.from(value, 'base64').toString('utf8'))
  } catch {
    return undefined
  }
  const sdk = (telemetry as { sdk?: unknown } | null)?.sdk as Partial<SdkClient> | undefined
  if (typeof sdk !== 'object' || sdk === null) return undefined
  const { identifier, version } = sdk
  if (typeof identifier !== 'string' || !identifier.trim()) return undefined
  if (typeof version !== 'string' || !version.trim()) return undefined
  return { identifier, version }
}

/** The provider's refusal of a page whose origin is not an authorized SDK domain. */
function badDomain(): ProviderError {
  return new ProviderError(
    400,
    'bad_domain_for_stytch_sdk',
    `This website has not been registered as an allowed domain for the Stytch SDK. Please add it here: ${SDK_CONFIGURATION_URL}`,
    SDK_CONFIGURATION_URL,
  )
}

/**
 * In strict mode, refuses an SDK call that does not come from the SDK on an authorized page: a
 * missing or unreadable `X-SDK-Client` (400 `bad_request`, the emulator's choice), or an
 * `X-SDK-Parent-Host` that is missing, not an origin, or not one of the app's origins (400
 * `bad_domain_for_stytch_sdk`, the provider's answer to an unregistered domain).
 */
export function checkSdkHeaders(ctx: ProviderContext, req: DevRequest): void {
  if (!ctx.config.strictSdk) return
  if (!parseSdkClient(header(req, 'x-sdk-client'))) {
    throw new ProviderError(
      400,
      'bad_request',
      'X-SDK-Client must be the SDK’s base64-encoded telemetry JSON, naming sdk.identifier and sdk.version.',
    )
  }
  const parentHost = header(req, 'x-sdk-parent-host') ?? ''
  let origin: string
  try {
    origin = new URL(parentHost).origin
  } catch {
    throw badDomain()
  }
  if (origin !== parentHost || !ctx.config.appOrigins.includes(origin)) throw badDomain()
}

/** Turns whatever a handler threw into the provider's error reply (unknown errors are rethrown). */
export function errorReply(error: unknown): Reply {
  if (error instanceof ProviderError) {
    return apiError(error.status, error.errorType, error.message, error.errorUrl)
  }
  if (error instanceof SchemaError) return schemaError(error.problems)
  throw error
}

/**
 * A route under `/sdk/v1` whose caller must present this project's public token and, in strict
 * mode, the SDK's own headers from an authorized origin (credentials are checked first: without
 * them the project, and so its domains, is unknown).
 */
export function sdkRoute(
  ctx: ProviderContext,
  method: string,
  path: string,
  handler: SdkHandler,
): Route {
  return {
    method,
    pattern: `/sdk/v1${path}`,
    handler: async (req) => {
      try {
        const auth = parseBasicAuth(header(req, 'authorization'))
        if (!auth || auth.publicToken !== ctx.config.publicToken) {
          throw new ProviderError(
            401,
            'unauthorized_credentials',
            'Unauthorized credentials: send Basic auth with this project’s public token.',
          )
        }
        checkSdkHeaders(ctx, req)
        const data = await handler(req, auth)
        return json(200, { data: { request_id: requestId(), status_code: 200, ...data } })
      } catch (error) {
        return errorReply(error)
      }
    },
  }
}
