/** Email magic links with PKCE: login_or_create, send/primary and authenticate (single-use, expiring). */
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { checkEmail, expiryMinutes, markVerified, type ExpiryRule } from './email-checks.ts'
import { ProviderError } from './errors.ts'
import { readFields, type Fields } from './fields.ts'
import { newMagicLinkToken } from './ids.ts'
import { deliver } from './inbox.ts'
import { checkPkce } from './pkce.ts'
import { defaultRedirectUrl } from './default-redirect.ts'
import { sdkRoute } from './sdk-route.ts'
import { authenticateData, sessionMinutes, startSession } from './sessions.ts'
import { userForEmail } from './users.ts'

/**
 * The provider's bounds for the link expiries: "By default, it expires in 1 hour" (login) or
 * "1 week" (sign-up); "The minimum expiration is 5 minutes and the maximum is 10080 minutes (7
 * days)" (the SDK's `MagicLinksBaseOptions`).
 */
export const LINK_EXPIRY: Record<'login' | 'signup', ExpiryRule> = {
  login: {
    field: 'login_expiration_minutes',
    fallback: 60,
    min: 5,
    max: 10_080,
    errorType: 'invalid_expiration',
  },
  signup: {
    field: 'signup_expiration_minutes',
    fallback: 10_080,
    min: 5,
    max: 10_080,
    errorType: 'invalid_expiration',
  },
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

const SEND_FIELDS = {
  email: 'string',
  login_magic_link_url: 'string?',
  signup_magic_link_url: 'string?',
  login_expiration_minutes: 'number?',
  signup_expiration_minutes: 'number?',
  login_template_id: 'string?',
  signup_template_id: 'string?',
  locale: 'string?',
  code_challenge: 'string?',
  captcha_token: 'string?',
  dfp_telemetry_id: 'string?',
} as const

/** The provider's answer when a redirect URL is not on the project's list (its own wording). */
function noMatch(): ProviderError {
  return new ProviderError(
    400,
    'no_match_for_provided_magic_link_url',
    'The magic_link_url in the request did not match any redirect URLs set for this project. ' +
      'Please visit https://stytch.com/dashboard/redirect-urls to update the redirect URLs for this project. ' +
      'For more information on why this validation is necessary please visit https://stytch.com/docs/api/url-validation',
  )
}

/** Checks a redirect URL the caller gave: an http(s) URL that is on the allow-list, as written. */
function checkRedirectUrl(ctx: ProviderContext, field: string, value: string): void {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ProviderError(400, `invalid_${field}`, `${field} format is invalid.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError(400, `invalid_${field}`, `${field} must be an http(s) URL.`)
  }
  // Exact string match, query included: the provider's URL validation does not normalise.
  if (!ctx.config.redirectUrls.includes(value)) throw noMatch()
}

/** Where the link lands: the URL given, or the project's default (the first on the list). */
function redirectUrl(
  ctx: ProviderContext,
  fields: Fields<typeof SEND_FIELDS>,
  prefix: 'login' | 'signup',
): string {
  const given = fields[`${prefix}_magic_link_url`]
  if (given !== undefined) return given
  return defaultRedirectUrl(ctx, prefix, `${prefix}_magic_link_url`)
}

/** The URL the email carries: the redirect URL with the token type and the token (URL-encoded). */
function linkUrl(base: string, token: string): string {
  const url = new URL(base)
  url.searchParams.set('stytch_token_type', 'magic_links')
  url.searchParams.set('token', token)
  return url.toString()
}

function sendLink(ctx: ProviderContext, req: DevRequest, create: boolean): object {
  const fields = readFields(req, SEND_FIELDS)
  const email = checkEmail(fields.email)
  const challenge = fields.code_challenge
  if (challenge !== undefined && !CHALLENGE.test(challenge)) {
    throw new ProviderError(400, 'invalid_pkce_code_challenge', 'code_challenge must be S256.')
  }
  for (const prefix of ['login', 'signup'] as const) {
    const field = `${prefix}_magic_link_url` as const
    const given = fields[field]
    if (given !== undefined) checkRedirectUrl(ctx, field, given)
    expiryMinutes(fields[`${prefix}_expiration_minutes`], LINK_EXPIRY[prefix])
  }
  const now = ctx.clock.now()
  ctx.limits.take('magic_link', email, now)
  const known = Object.values(ctx.store.data.users).some((user) =>
    user.emails.some((entry) => entry.email === email),
  )
  if (!create && !known)
    throw new ProviderError(404, 'email_not_found', 'Email could not be found.')
  const prefix = known ? 'login' : 'signup'
  const minutes = expiryMinutes(fields[`${prefix}_expiration_minutes`], LINK_EXPIRY[prefix])
  const token = newMagicLinkToken()
  const link = linkUrl(redirectUrl(ctx, fields, prefix), token)
  const { user, created, emailId } = ctx.store.update((state) => {
    const found = userForEmail(state, email, rfc3339(now))
    const emailId = found.user.emails.find((entry) => entry.email === email)?.email_id ?? ''
    state.magicLinks[token] = {
      token,
      user_id: found.user.user_id,
      email_id: emailId,
      email,
      ...(challenge ? { code_challenge: challenge } : {}),
      expires_at: rfc3339(now + minutes * 60_000),
    }
    return { ...found, emailId }
  })
  deliver(ctx, { email, kind: 'magic_link', link, sentAt: rfc3339(now) })
  return { user_id: user.user_id, email_id: emailId, user_created: created }
}

async function authenticateLink(ctx: ProviderContext, req: DevRequest): Promise<object> {
  const fields = readFields(req, {
    token: 'string',
    code_verifier: 'string?',
    session_duration_minutes: 'number?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  const record = ctx.store.data.magicLinks[fields.token]
  if (!record)
    throw new ProviderError(404, 'magic_link_not_found', 'Magic link could not be found.')
  if (record.used_at) {
    throw new ProviderError(401, 'unable_to_auth_magic_link', 'This magic link was already used.')
  }
  if (Date.parse(record.expires_at) <= ctx.clock.now()) {
    throw new ProviderError(401, 'unable_to_auth_magic_link', 'This magic link has expired.')
  }
  // A PKCE failure leaves the token usable: the SDK retries with its other verifier.
  checkPkce(record.code_challenge, fields.code_verifier, 'This magic link')
  const session = ctx.store.update((state) => {
    const now = rfc3339(ctx.clock.now())
    record.used_at = now
    const user = state.users[record.user_id]
    if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
    markVerified(state, user.user_id, record.email_id)
    const factor = {
      type: 'magic_link',
      delivery_method: 'email',
      last_authenticated_at: now,
      email_factor: { email_id: record.email_id, email_address: record.email },
    }
    return startSession(ctx, state, user, factor, minutes)
  })
  return { ...(await authenticateData(ctx, session)), method_id: record.email_id }
}

/** The magic-link routes. */
export function magicLinkRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/magic_links/email/login_or_create', (req) => sendLink(ctx, req, true)),
    sdkRoute(ctx, 'POST', '/magic_links/email/send/primary', (req) => sendLink(ctx, req, false)),
    sdkRoute(ctx, 'POST', '/magic_links/authenticate', (req) => authenticateLink(ctx, req)),
  ]
}
