/** CORS for the app's origins: exact Origin echo with credentials, and the provider SDK's headers. */
import type { IncomingHttpHeaders } from 'node:http'

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

/**
 * The headers the real services let a page send. Not Sentry's trace headers (`sentry-trace`,
 * `baggage`): neither the provider nor the cards API allows them (decision 006), so a page that
 * sent them would fail every preflight, here as there.
 */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-sdk-client', 'x-sdk-parent-host'].join(
  ', ',
)

/** Which origins may call: an explicit list, or (when undefined) any http(s)://localhost or 127.0.0.1 port. */
export type CorsPolicy = readonly string[] | undefined

/** True when `origin` may call the stack under `policy`. */
export function isAllowedOrigin(policy: CorsPolicy, origin: string): boolean {
  return policy ? policy.includes(origin) : LOCAL_ORIGIN.test(origin)
}

/** Headers for an actual (non-preflight) response: empty when there is no allowed Origin. */
export function corsHeaders(
  policy: CorsPolicy,
  headers: IncomingHttpHeaders,
): Record<string, string> {
  const origin = headers.origin
  if (!origin || !isAllowedOrigin(policy, origin)) return { vary: 'Origin' }
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  }
}

/** Headers answering a preflight `OPTIONS`; empty (so the browser refuses) for other origins. */
export function preflightHeaders(
  policy: CorsPolicy,
  headers: IncomingHttpHeaders,
): Record<string, string> {
  const base = corsHeaders(policy, headers)
  if (!base['access-control-allow-origin']) return base
  const extra: Record<string, string> = {
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '600',
  }
  // Chrome's Private Network Access asks before a page reaches a loopback server.
  if (headers['access-control-request-private-network'] === 'true') {
    extra['access-control-allow-private-network'] = 'true'
  }
  return { ...base, ...extra }
}
