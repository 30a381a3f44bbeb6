/**
 * OAuth sign-in (Google, Apple) as the provider runs it: `GET /v1/public/oauth/{provider}/start`
 * (the SDK navigates there), a stand-in for the identity provider's consent page, the redirect to
 * the app with a single-use token, and `POST /sdk/v1/oauth/authenticate` checking the PKCE verifier.
 */
import { createHash, randomBytes } from 'node:crypto'
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Reply, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { checkEmail, markVerified } from './email-checks.ts'
import { ProviderError, apiError } from './errors.ts'
import { readFields } from './fields.ts'
import { newId, newMagicLinkToken } from './ids.ts'
import { checkPkce } from './pkce.ts'
import { defaultRedirectUrl } from './default-redirect.ts'
import { errorReply, sdkRoute } from './sdk-route.ts'
import { authenticateData, sessionMinutes, startSession } from './sessions.ts'
import type { OAuthStateRecord, OAuthTokenRecord, ProviderState, UserRecord } from './state.ts'
import { userForEmail } from './users.ts'

/** Every provider the SDK can start (its `OAuthProviders`); a project configures some of them. */
const SDK_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
]

/** The providers this stand-in can play, with the name the provider reports them by. */
const PROVIDER_TYPES: Record<string, string> = { google: 'Google', apple: 'Apple' }

/** The providers a project has configured when nobody said otherwise. */
export const DEFAULT_OAUTH_PROVIDERS = ['google', 'apple']

/** Identities offered on the consent page; any other address can be typed in. */
export const TEST_IDENTITIES = [
  { name: 'Ada Lovelace', email: 'ada@example.com' },
  { name: 'Grace Hopper', email: 'grace@example.com' },
]

/** How long the holder has on the consent page, and how long the minted token lives. */
const FLOW_MINUTES = 10
const TOKEN_MINUTES = 10

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/** Where the consent page posts (the provider's own callback, in this stand-in's terms). */
export const consentPath = (provider: string) => `/v1/oauth/callback/${provider}`

/**
 * A stable subject per provider and address, in each provider's format: Google's is a 21-digit
 * number, Apple's `000123.<32 hex>.1234`.
 */
function providerSubject(provider: string, email: string): string {
  const hash = createHash('sha256').update(`${provider}:${email}`).digest('hex')
  if (provider === 'apple') {
    const digits = BigInt(`0x${hash.slice(0, 12)}`)
      .toString()
      .padStart(10, '0')
    return `000${digits.slice(0, 3)}.${hash.slice(12, 44)}.${digits.slice(3, 7)}`
  }
  return `1${BigInt(`0x${hash.slice(0, 20)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20)}`
}

function projectRequiresPkce(ctx: ProviderContext): boolean {
  return ctx.config.pkceRequiredForOAuth ?? true
}

/** The provider's answer when a redirect URL is not on the project's list (its error type for OAuth). */
function noMatch(): ProviderError {
  return new ProviderError(
    400,
    'no_match_for_provided_oauth_url',
    'The login_redirect_url or signup_redirect_url in the request did not match any redirect URLs set for this project. ' +
      'Please visit https://stytch.com/dashboard/redirect-urls to update the redirect URLs for this project.',
  )
}

/** A redirect URL from the start's query, checked exactly as magic-link URLs are; else the default. */
function redirectUrl(ctx: ProviderContext, req: DevRequest, prefix: 'login' | 'signup'): string {
  const given = req.query.get(`${prefix}_redirect_url`)
  if (given === null || given === '') {
    return defaultRedirectUrl(ctx, prefix, `${prefix}_redirect_url`)
  }
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new ProviderError(
      400,
      `invalid_${prefix}_oauth_url`,
      `${prefix}_redirect_url is invalid.`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError(
      400,
      `invalid_${prefix}_oauth_url`,
      `${prefix}_redirect_url is invalid.`,
    )
  }
  // Exact string match, query included, as for magic links.
  if (!ctx.config.redirectUrls.includes(given)) throw noMatch()
  return given
}

/** The provider named in the path, if the project has configured it; else the provider's error. */
function configuredProvider(ctx: ProviderContext, provider: string): string {
  if (!SDK_PROVIDERS.includes(provider)) {
    throw new ProviderError(400, 'invalid_oauth_provider', `${provider} is not an OAuth provider.`)
  }
  const enabled = ctx.config.oauthProviders ?? DEFAULT_OAUTH_PROVIDERS
  if (!enabled.includes(provider) || !PROVIDER_TYPES[provider]) {
    if (provider === 'apple') {
      throw new ProviderError(
        400,
        'apple_oauth_config_not_found',
        'The Apple OAuth config was not found.',
      )
    }
    throw new ProviderError(404, 'oauth_config_not_found', 'OAuth config could not be found.')
  }
  return provider
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The stand-in identity provider's page: pick a test identity or type an address. */
function consentPage(provider: string, state: string, error?: string): string {
  const name = PROVIDER_TYPES[provider] ?? provider
  const action = escapeHtml(consentPath(provider))
  const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}">`
  const identities = TEST_IDENTITIES.map(
    (identity) =>
      `<form method="post" action="${action}">${hidden}<input type="hidden" name="email" value="${escapeHtml(identity.email)}">` +
      `<button class="identity">Continue as ${escapeHtml(identity.name)} (${escapeHtml(identity.email)})</button></form>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${escapeHtml(name)} (local stand-in)</title>
<link rel="icon" href="data:,">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:28rem;padding:0 1rem;background:#111;color:#eee}
button,input{font:inherit;padding:.6rem .8rem;border-radius:.4rem;border:1px solid #555;background:#222;color:#eee}
button{cursor:pointer;width:100%;margin:.3rem 0}label{display:block;margin-top:1.2rem}input{width:100%;box-sizing:border-box}
.note{color:#aaa;font-size:.9rem}.error{color:#f88}
</style></head><body>
<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="note">The local stack's stand-in for ${escapeHtml(name)}: choose who you are. Nothing leaves this machine.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${identities}
<form method="post" action="${action}">${hidden}
<label>Another account<input name="email" type="email" autocomplete="email" placeholder="name@example.com"></label>
<button>Continue</button></form>
</body></html>`
}

const html = (status: number, body: string): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
})

/** `GET /v1/public/oauth/{provider}/start`: the checks the provider makes, then the consent page. */
function start(ctx: ProviderContext, req: DevRequest): Reply {
  try {
    if (req.query.get('public_token') !== ctx.config.publicToken) {
      throw new ProviderError(404, 'public_token_not_found', 'Public token could not be found.')
    }
    const provider = configuredProvider(ctx, req.params.provider ?? '')
    const challenge = req.query.get('code_challenge') ?? undefined
    if (challenge !== undefined && !CHALLENGE.test(challenge)) {
      throw new ProviderError(400, 'invalid_pkce_code_challenge', 'code_challenge must be S256.')
    }
    if (challenge === undefined && projectRequiresPkce(ctx)) {
      throw new ProviderError(
        400,
        'invalid_pkce_code_challenge',
        'This project requires PKCE for OAuth: send a code_challenge.',
      )
    }
    const flow: OAuthStateRecord = {
      state: randomBytes(24).toString('base64url'),
      provider,
      ...(challenge ? { code_challenge: challenge } : {}),
      login_redirect_url: redirectUrl(ctx, req, 'login'),
      signup_redirect_url: redirectUrl(ctx, req, 'signup'),
      scopes: (req.query.get('custom_scopes') ?? '').split(' ').filter(Boolean),
      expires_at: rfc3339(ctx.clock.now() + FLOW_MINUTES * 60_000),
    }
    ctx.store.update((state) => {
      state.oauthStates ??= {}
      state.oauthStates[flow.state] = flow
    })
    return html(200, consentPage(provider, flow.state))
  } catch (error) {
    return errorReply(error)
  }
}

/** Links the identity to the user (once) and returns its registration. */
function linkIdentity(user: UserRecord, provider: string, subject: string) {
  const type = PROVIDER_TYPES[provider] ?? provider
  user.providers ??= []
  let entry = user.providers.find(
    (item) => item.provider_type === type && item.provider_subject === subject,
  )
  if (!entry) {
    entry = {
      provider_type: type,
      provider_subject: subject,
      oauth_user_registration_id: newId('oauth-user-registration'),
      profile_picture_url: '',
      locale: '',
    }
    user.providers.push(entry)
  }
  return entry
}

/** The redirect URL with the token type and the token (URL-encoded, `=` as `%3D`). */
function landingUrl(base: string, token: string): string {
  const url = new URL(base)
  url.searchParams.set('stytch_token_type', 'oauth')
  url.searchParams.set('token', token)
  return url.toString()
}

/** The consent page's answer: mint a token for the chosen identity and send the browser back. */
function consent(ctx: ProviderContext, req: DevRequest): Reply {
  const form = new URLSearchParams(req.body.toString('utf8'))
  const flow = ctx.store.data.oauthStates?.[form.get('state') ?? '']
  if (!flow || Date.parse(flow.expires_at) <= ctx.clock.now()) {
    return apiError(400, 'oauth_invalid_state', 'This sign-in took too long or was already used.')
  }
  let email: string
  try {
    email = checkEmail(form.get('email') ?? '')
  } catch {
    return html(400, consentPage(flow.provider, flow.state, 'Enter an email address.'))
  }
  const now = ctx.clock.now()
  const subject = providerSubject(flow.provider, email)
  const { token, created } = ctx.store.update((state: ProviderState) => {
    delete state.oauthStates?.[flow.state]
    const found = userForEmail(state, email, rfc3339(now))
    const emailId = found.user.emails.find((entry) => entry.email === email)?.email_id ?? ''
    // The identity provider vouches for the address.
    markVerified(state, found.user.user_id, emailId)
    const identity = linkIdentity(found.user, flow.provider, subject)
    const record: OAuthTokenRecord = {
      token: newMagicLinkToken(),
      provider: flow.provider,
      user_id: found.user.user_id,
      email_id: emailId,
      email,
      provider_subject: subject,
      oauth_user_registration_id: identity.oauth_user_registration_id,
      scopes: flow.scopes,
      ...(flow.code_challenge ? { code_challenge: flow.code_challenge } : {}),
      expires_at: rfc3339(now + TOKEN_MINUTES * 60_000),
    }
    state.oauthTokens ??= {}
    state.oauthTokens[record.token] = record
    return { token: record.token, created: found.created }
  })
  const target = landingUrl(created ? flow.signup_redirect_url : flow.login_redirect_url, token)
  ctx.log(`[oauth] ${PROVIDER_TYPES[flow.provider] ?? flow.provider} as ${email}: back to the app`)
  return { status: 302, headers: { location: target }, body: '' }
}

/** `POST /oauth/authenticate`: single use, expiring, PKCE-checked; the provider's OAuth fields. */
async function authenticate(ctx: ProviderContext, req: DevRequest): Promise<object> {
  const fields = readFields(req, {
    token: 'string',
    code_verifier: 'string?',
    session_duration_minutes: 'number?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  const record = ctx.store.data.oauthTokens?.[fields.token]
  // The provider answers the same for a token it never minted, one already used and one expired.
  if (!record || record.used_at || Date.parse(record.expires_at) <= ctx.clock.now()) {
    throw new ProviderError(404, 'oauth_token_not_found', 'The OAuth token could not be found.')
  }
  // A PKCE failure leaves the token usable, as for magic links.
  checkPkce(record.code_challenge, fields.code_verifier, 'This OAuth flow')
  const session = ctx.store.update((state) => {
    const now = rfc3339(ctx.clock.now())
    record.used_at = now
    const user = state.users[record.user_id]
    if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
    const factor = {
      type: 'oauth',
      delivery_method: `oauth_${record.provider}`,
      last_authenticated_at: now,
      [`${record.provider}_oauth_factor`]: {
        id: record.oauth_user_registration_id,
        email_id: record.email_id,
        provider_subject: record.provider_subject,
      },
    }
    return startSession(ctx, state, user, factor, minutes)
  })
  const expiresAt = rfc3339(ctx.clock.now() + 3_600_000)
  return {
    ...(await authenticateData(ctx, session)),
    provider_subject: record.provider_subject,
    provider_type: PROVIDER_TYPES[record.provider] ?? record.provider,
    oauth_user_registration_id: record.oauth_user_registration_id,
    profile_picture_url: '',
    locale: '',
    reset_sessions: false,
    provider_values: {
      access_token: `stand-in-access-${randomBytes(16).toString('base64url')}`,
      id_token: '',
      refresh_token: '',
      scopes: ['openid', 'email', 'profile', ...record.scopes],
      expires_at: expiresAt,
    },
  }
}

/** The OAuth routes: the public start and the consent stand-in (browser pages), and authenticate. */
export function oauthRoutes(ctx: ProviderContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/public/oauth/:provider/start',
      handler: (req) => start(ctx, req),
    },
    { method: 'POST', pattern: consentPath(':provider'), handler: (req) => consent(ctx, req) },
    sdkRoute(ctx, 'POST', '/oauth/authenticate', (req) => authenticate(ctx, req)),
  ]
}
