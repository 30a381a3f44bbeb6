/** Project-level routes: bootstrap, telemetry `/events`, the JWKS, and the `/_dev/clock` and `/_dev/config` controls. */
import type { Route } from '../http/types.ts'
import { json } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { apiError } from './errors.ts'
import { requestId } from './ids.ts'
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
    pkce_required_for_oauth: false,
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

/** `/_dev/config`: reads and switches SIWE at run time (browser tests share one stack). */
function configRoutes(ctx: ProviderContext): Route[] {
  const state = () => json(200, { siwe: ctx.config.siwe })
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
          return json(400, { error: 'bad_config', reason: 'body is not valid JSON' })
        }
        const siwe = (body as { siwe?: unknown } | null)?.siwe
        if (typeof siwe !== 'boolean') {
          return json(400, { error: 'bad_config', reason: 'send {"siwe": true|false}' })
        }
        ctx.config.siwe = siwe
        return state()
      },
    },
  ]
}

/** Bootstrap (unknown token: 404 `public_token_not_found`), telemetry, JWKS and clock. */
export function projectRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/sdk/v1/projects/bootstrap/:publicToken',
      handler: (req) =>
        req.params.publicToken === ctx.config.publicToken
          ? json(200, { data: bootstrapData(ctx) })
          : apiError(404, 'public_token_not_found', 'Public token could not be found.'),
    },
    // Telemetry: accepted and dropped (the SDK ignores the answer).
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
