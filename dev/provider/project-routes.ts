/** Project-level routes: bootstrap, telemetry `/events`, the JWKS, and the `/_dev/clock` and `/_dev/config` controls. */
import type { Route } from '../http/types.ts'
import { json } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { apiError } from './errors.ts'
import { requestId } from './ids.ts'
import { checkSdkHeaders, errorReply } from './sdk-route.ts'
import { jwksBody } from './signing-key.ts'

function bootstrapData(ctx: ProviderContext): Record<string, unknown> {
  return {
    request_id: requestId(),
    status_code: 200,
    project_name: 'IYK Cards (local)',
    disable_sdk_watermark: true,
    cname_domain: null,
    email_domains: ['stytch.com'],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: true,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: ctx.config.pkceRequiredForOAuth ?? true,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: null,
    dfp_protected_auth_enabled: false,
    rbac_policy: { roles: [], resources: [], scopes: [] },
    siwe_required_for_crypto_wallets: ctx.config.siwe,
    vertical: 'CONSUMER',
  }
}

function clockRoutes(ctx: ProviderContext): Route[] {
  const state = () => json(200, { offsetMs: ctx.clock.offset, now: ctx.clock.now() })
  return [
    { method: 'GET', pattern: '/_dev/clock', handler: state },
    {
      method: 'POST',
      pattern: '/_dev/clock',
      handler: (req) => {
        let body: unknown
        try {
          body = JSON.parse(req.body.toString('utf8') || '{}')
        } catch {
          return json(400, { error: 'bad_clock', reason: 'body is not valid JSON' })
        }
        const advance = (body as { advanceMs?: unknown }).advanceMs
        const reset = (body as { reset?: unknown }).reset === true
        if (reset) ctx.clock.reset()
        else if (typeof advance === 'number' && Number.isInteger(advance) && advance >= 0) {
          ctx.clock.advance(advance)
        } else {
          return json(400, {
            error: 'bad_clock',
            reason: 'send {"advanceMs": <non-negative integer>} or {"reset": true}',
          })
        }
        return state()
      },
    },
  ]
}

/** The run-time switches `/_dev/config` reads and sets, with the check each value must pass. */
const SWITCHES = {
  siwe: (value: unknown) => typeof value === 'boolean',
  strictSdk: (value: unknown) => typeof value === 'boolean',
  emailSendsPerSecond: (value: unknown) => Number.isInteger(value) && (value as number) >= 0,
  emailSendsPerHour: (value: unknown) => Number.isInteger(value) && (value as number) >= 0,
  pkceRequiredForOAuth: (value: unknown) => typeof value === 'boolean',
  oauthProviders: (value: unknown) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string'),
} as const

type Switch = keyof typeof SWITCHES

/**
 * `/_dev/config`: reads and sets SIWE, the strict SDK checks and the send limits at run time
 * (browser tests share one stack). A POST sets any of them; anything unknown or mistyped is refused.
 */
function configRoutes(ctx: ProviderContext): Route[] {
  const names = Object.keys(SWITCHES) as Switch[]
  const state = () => json(200, Object.fromEntries(names.map((name) => [name, ctx.config[name]])))
  const refuse = (reason: string) => json(400, { error: 'bad_config', reason })
  return [
    { method: 'GET', pattern: '/_dev/config', handler: state },
    {
      method: 'POST',
      pattern: '/_dev/config',
      handler: (req) => {
        let body: unknown
        try {
          body = JSON.parse(req.body.toString('utf8') || '{}')
        } catch {
          return refuse('body is not valid JSON')
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return refuse('send a JSON object')
        }
        const entries = Object.entries(body)
        const usage =
          'send {"siwe"?: boolean, "strictSdk"?: boolean, "emailSendsPerSecond"?: n, "emailSendsPerHour"?: n, "pkceRequiredForOAuth"?: boolean, "oauthProviders"?: string[]} (n a whole number, 0 for no limit)'
        if (!entries.length) return refuse(usage)
        for (const [name, value] of entries) {
          if (!Object.hasOwn(SWITCHES, name) || !SWITCHES[name as Switch](value)) {
            return refuse(usage)
          }
        }
        Object.assign(ctx.config, body)
        return state()
      },
    },
  ]
}

/**
 * Bootstrap (unknown token: 404 `public_token_not_found`; in strict mode the SDK headers are checked
 * as on every SDK call), telemetry, JWKS, clock and config.
 */
export function projectRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/sdk/v1/projects/bootstrap/:publicToken',
      handler: (req) => {
        if (req.params.publicToken !== ctx.config.publicToken) {
          return apiError(404, 'public_token_not_found', 'Public token could not be found.')
        }
        try {
          checkSdkHeaders(ctx, req)
        } catch (error) {
          return errorReply(error)
        }
        return json(200, { data: bootstrapData(ctx) })
      },
    },
    // Telemetry: accepted and dropped (the SDK ignores the answer). The SDK sends it with a bare
    // fetch, without credentials or X-SDK-* headers (contract §3), so nothing is checked.
    { method: 'POST', pattern: '/sdk/v1/events', handler: () => json(200, {}) },
    {
      method: 'GET',
      pattern: '/v1/sessions/jwks/:projectId',
      handler: (req) =>
        req.params.projectId === ctx.config.projectId
          ? json(200, jwksBody(ctx.key))
          : apiError(404, 'project_not_found', 'Project could not be found.'),
    },
    ...clockRoutes(ctx),
    ...configRoutes(ctx),
  ]
}
