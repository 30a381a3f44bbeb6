/** Email magic links with PKCE: login_or_create, send/primary and authenticate (single-use, expiring). */
import { createHash } from 'node:crypto'
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { checkEmail, expiryMinutes, markVerified } from './email-checks.ts'
import { ProviderError } from './errors.ts'
import { readFields, type Fields } from './fields.ts'
import { newSecret } from './ids.ts'
import { deliver } from './inbox.ts'
import { sdkRoute } from './sdk-route.ts'
import {
  DEFAULT_SESSION_MINUTES,
  authenticateData,
  sessionMinutes,
  startSession,
} from './sessions.ts'
import { userForEmail } from './users.ts'

const DEFAULT_LINK_MINUTES = 60
const MAX_LINK_MINUTES = 10_080
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

/** `base64url(sha256(verifier))` without padding: the S256 PKCE challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

function linkUrl(base: string, field: string, token: string): string {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    throw new ProviderError(400, `invalid_${field}`, `${field} must be an absolute URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError(400, `invalid_${field}`, `${field} must be an http(s) URL.`)
  }
  url.searchParams.set('stytch_token_type', 'magic_links')
  url.searchParams.set('token', token)
  return url.toString()
}

function sendLink(ctx: ProviderContext, req: DevRequest, create: boolean): object {
  const fields: Fields = readFields(req, SEND_FIELDS)
  const email = checkEmail(fields.email)
  const challenge = fields.code_challenge as string | undefined
  if (challenge !== undefined && !CHALLENGE.test(challenge)) {
    throw new ProviderError(400, 'invalid_pkce_code_challenge', 'code_challenge must be S256.')
  }
  const known = Object.values(ctx.store.data.users).some((user) =>
    user.emails.some((entry) => entry.email === email),
  )
  if (!create && !known)
    throw new ProviderError(404, 'email_not_found', 'Email could not be found.')
  const isSignup = !known
  const prefix = isSignup ? 'signup' : 'login'
  const minutes = expiryMinutes(
    fields[`${prefix}_expiration_minutes`],
    DEFAULT_LINK_MINUTES,
    MAX_LINK_MINUTES,
  )
  const fallback = `${ctx.config.appUrl}/auth/email`
  const base = (fields[`${prefix}_magic_link_url`] as string | undefined) ?? fallback
  const token = newSecret()
  const link = linkUrl(base, `${prefix}_magic_link_url`, token)
  const now = ctx.clock.now()
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

function checkPkce(challenge: string | undefined, verifier: string | undefined): void {
  if (challenge && verifier === undefined) {
    throw new ProviderError(400, 'pkce_expected_code_verifier', 'A code_verifier is required.')
  }
  if (!challenge && verifier !== undefined) {
    throw new ProviderError(
      400,
      'pkce_did_not_expect_code_verifier',
      'This magic link was sent without a code_challenge.',
    )
  }
  if (challenge && verifier !== undefined && pkceChallenge(verifier) !== challenge) {
    throw new ProviderError(400, 'pkce_mismatch', 'The code_verifier does not match (pkce).')
  }
}

async function authenticateLink(ctx: ProviderContext, req: DevRequest): Promise<object> {
  const fields = readFields(req, {
    token: 'string',
    code_verifier: 'string?',
    session_duration_minutes: 'number?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes) ?? DEFAULT_SESSION_MINUTES
  const record = ctx.store.data.magicLinks[fields.token as string]
  if (!record)
    throw new ProviderError(404, 'magic_link_not_found', 'Magic link could not be found.')
  if (record.used_at) {
    throw new ProviderError(401, 'unable_to_auth_magic_link', 'This magic link was already used.')
  }
  if (Date.parse(record.expires_at) <= ctx.clock.now()) {
    throw new ProviderError(401, 'unable_to_auth_magic_link', 'This magic link has expired.')
  }
  // A PKCE failure leaves the token usable: the SDK retries with its other verifier.
  checkPkce(record.code_challenge, fields.code_verifier as string | undefined)
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
