/** Wraps SDK API handlers: Basic-auth check, `{data}` wrapping, and provider-shaped errors. */
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

/** Parses a Basic Authorization header, or returns undefined when absent or malformed. */
export function parseBasicAuth(value: string | undefined): BasicAuth | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return undefined
  return { publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/** Turns whatever a handler threw into the provider's error reply (unknown errors are rethrown). */
export function errorReply(error: unknown): Reply {
  if (error instanceof ProviderError) return apiError(error.status, error.errorType, error.message)
  if (error instanceof SchemaError) return schemaError(error.problems)
  throw error
}

/** A route under `/sdk/v1` whose caller must present this project's public token. */
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
        const data = await handler(req, auth)
        return json(200, { data: { request_id: requestId(), status_code: 200, ...data } })
      } catch (error) {
        return errorReply(error)
      }
    },
  }
}
