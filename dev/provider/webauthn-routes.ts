/**
 * Passkeys and WebAuthn: register and authenticate ceremonies (options from register/start and
 * authenticate/start, credentials verified for real with @simplewebauthn/server), rename, delete.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { COSEALG, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { ProviderError } from './errors.ts'
import { readFields } from './fields.ts'
import { newId } from './ids.ts'
import { sdkRoute, type BasicAuth } from './sdk-route.ts'
import { authenticateData, liveSession, sessionMinutes, startSession } from './sessions.ts'
import type {
  Factor,
  SessionRecord,
  UserRecord,
  WebAuthnChallengeRecord,
  WebAuthnRegistrationRecord,
} from './state.ts'
import { userObject } from './users.ts'
import {
  findByCredentialId,
  mayUseWebAuthn,
  webauthnRegistrationObject,
  webauthnUserName,
} from './webauthn-registrations.ts'

/** How long a ceremony may take between its start and its finish (the emulator's choice). */
export const WEBAUTHN_CHALLENGE_MINUTES = 5
const AUTHENTICATOR_TYPES = ['platform', 'cross-platform']
/** ES256 and RS256, the algorithms authenticators commonly offer. */
const ALGORITHMS = [COSEALG.ES256, COSEALG.RS256]
const CEREMONY_TIMEOUT_MS = 60_000

/** Credential descriptors as they appear in both kinds of options. */
interface Descriptor {
  id: string
}

/**
 * The options as the provider sends them: a JSON string whose binary fields (challenge, user id,
 * credential ids) are standard base64 unless the caller asked for `use_base64_url_encoding`. The
 * SDK does not ask; its WebAuthn helper decodes either.
 */
function optionsString(
  options: {
    challenge: string
    user?: { id: string }
    excludeCredentials?: Descriptor[]
    allowCredentials?: Descriptor[]
  },
  base64url: boolean,
): string {
  if (base64url) return JSON.stringify(options)
  const base64 = (value: string) => Buffer.from(value, 'base64url').toString('base64')
  const descriptors = (list: Descriptor[] | undefined) =>
    list?.map((descriptor) => ({ ...descriptor, id: base64(descriptor.id) }))
  return JSON.stringify({
    ...options,
    challenge: base64(options.challenge),
    ...(options.user ? { user: { ...options.user, id: base64(options.user.id) } } : {}),
    ...(options.excludeCredentials
      ? { excludeCredentials: descriptors(options.excludeCredentials) }
      : {}),
    ...(options.allowCredentials
      ? { allowCredentials: descriptors(options.allowCredentials) }
      : {}),
  })
}

/** The authorized app origins a ceremony for RP id `domain` may come from. */
function originsFor(ctx: ProviderContext, domain: string): string[] {
  return ctx.config.appOrigins.filter((origin) => {
    const host = new URL(origin).hostname
    return host === domain || host.endsWith(`.${domain}`)
  })
}

/** The RP id, which must be an authorized origin's host or a parent domain of one. */
function checkDomain(ctx: ProviderContext, domain: string): string {
  if (!domain || originsFor(ctx, domain).length === 0) {
    throw new ProviderError(
      400,
      'invalid_domain',
      `The domain ${JSON.stringify(domain)} is not the host of an authorized SDK domain.`,
    )
  }
  return domain
}

/** The signed-in user behind a session, or 404 `user_not_found`. */
function sessionUser(ctx: ProviderContext, session: SessionRecord): UserRecord {
  const user = ctx.store.data.users[session.user_id]
  if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
  return user
}

/** The credential the SDK serialised with `JSON.stringify`, or 400 `invalid_public_key_credential`. */
function parseCredential<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  value: string,
): T {
  let credential: unknown
  try {
    credential = JSON.parse(value)
  } catch {
    credential = undefined
  }
  const shape = credential as Partial<T> | undefined
  if (
    typeof shape?.id !== 'string' ||
    typeof shape.rawId !== 'string' ||
    typeof shape.response !== 'object' ||
    shape.response === null ||
    typeof shape.response.clientDataJSON !== 'string'
  ) {
    throw new ProviderError(
      400,
      'invalid_public_key_credential',
      "Invalid public key credential. Please confirm you're passing a correctly formatted public key credential.",
    )
  }
  return shape as T
}

/** The challenge the client says it signed, or 400 `invalid_public_key_credential`. */
function signedChallenge(credential: AuthenticationResponseJSON): string {
  try {
    return decodeClientDataJSON(credential.response.clientDataJSON).challenge
  } catch {
    throw new ProviderError(
      400,
      'invalid_public_key_credential_malformed_client_data_json',
      'The credential’s clientDataJSON could not be read.',
    )
  }
}

/** The session factor a WebAuthn ceremony proves. */
function webauthnFactor(ctx: ProviderContext, registration: WebAuthnRegistrationRecord): Factor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: rfc3339(ctx.clock.now()),
    webauthn_factor: {
      webauthn_registration_id: registration.webauthn_registration_id,
      domain: registration.domain,
      user_agent: registration.user_agent,
    },
  }
}

/** Adds (or refreshes) `factor` on a live session and extends it when asked. */
function addFactor(
  ctx: ProviderContext,
  session: SessionRecord,
  factor: Factor,
  minutes: number | undefined,
): void {
  const now = ctx.clock.now()
  const id = (factor.webauthn_factor as { webauthn_registration_id: string })
    .webauthn_registration_id
  session.factors = [
    ...session.factors.filter(
      (existing) =>
        (existing.webauthn_factor as { webauthn_registration_id?: string } | undefined)
          ?.webauthn_registration_id !== id,
    ),
    factor,
  ]
  session.last_accessed_at = rfc3339(now)
  if (minutes !== undefined) session.expires_at = rfc3339(now + minutes * 60_000)
}

/** Stores a challenge; a user has at most one registration in flight, as with codes. */
function issueChallenge(ctx: ProviderContext, record: Omit<WebAuthnChallengeRecord, 'expires_at'>) {
  const expiresAt = rfc3339(ctx.clock.now() + WEBAUTHN_CHALLENGE_MINUTES * 60_000)
  ctx.store.update((state) => {
    const challenges = (state.webauthnChallenges ??= {})
    if (record.ceremony === 'register') {
      for (const [key, other] of Object.entries(challenges)) {
        if (other.ceremony === 'register' && other.user_id === record.user_id) {
          delete challenges[key]
        }
      }
    }
    challenges[record.challenge] = { ...record, expires_at: expiresAt }
  })
}

/** Takes a challenge out of the store: every challenge serves one finish, whatever its outcome. */
function takeChallenge(
  ctx: ProviderContext,
  find: (challenge: WebAuthnChallengeRecord) => boolean,
): WebAuthnChallengeRecord | undefined {
  const challenges = ctx.store.data.webauthnChallenges ?? {}
  const found = Object.values(challenges).find(find)
  if (!found) return undefined
  ctx.store.update(() => delete challenges[found.challenge])
  return Date.parse(found.expires_at) > ctx.clock.now() ? found : undefined
}

async function registerStart(ctx: ProviderContext, req: DevRequest, auth: BasicAuth) {
  const fields = readFields(req, {
    domain: 'string',
    authenticator_type: 'string?',
    return_passkey_credential_options: 'boolean?',
    override_id: 'string?',
    override_name: 'string?',
    override_display_name: 'string?',
    user_agent: 'string?',
    use_base64_url_encoding: 'boolean?',
  })
  const session = liveSession(ctx, auth.secret)
  const user = sessionUser(ctx, session)
  const domain = checkDomain(ctx, fields.domain)
  const type = fields.authenticator_type ?? ''
  if (type && !AUTHENTICATOR_TYPES.includes(type)) {
    throw new ProviderError(
      400,
      'invalid_authenticator_type',
      'authenticator_type must be platform or cross-platform.',
    )
  }
  if (!mayUseWebAuthn(user)) {
    // The provider keeps a user "pending" until they prove an email or a phone number; this is
    // its refusal of WebAuthn for such a user (status and wording are the emulator's).
    throw new ProviderError(
      400,
      'cannot_use_webauthn_with_pending_user',
      'WebAuthn needs a user with a verified email address or phone number.',
    )
  }
  const passkey = fields.return_passkey_credential_options === true
  const userHandle = new TextEncoder().encode(fields.override_id ?? user.user_id)
  const name = fields.override_name ?? webauthnUserName(user)
  const options = await generateRegistrationOptions({
    rpName: 'IYK Cards (local)',
    rpID: domain,
    userName: name,
    userID: userHandle,
    userDisplayName: fields.override_display_name ?? name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (user.webauthn_registrations ?? [])
      .filter((registration) => registration.domain === domain)
      .map((registration) => ({
        id: registration.credential_id,
        transports: registration.transports,
      })),
    // What the provider documents for `return_passkey_credential_options`: a resident
    // (discoverable) key, user verification preferred. Without it, neither is asked for.
    authenticatorSelection: {
      residentKey: passkey ? 'required' : 'discouraged',
      requireResidentKey: passkey,
      userVerification: passkey ? 'preferred' : 'discouraged',
      ...(type ? { authenticatorAttachment: type as AuthenticatorAttachment } : {}),
    },
    supportedAlgorithmIDs: ALGORITHMS,
  })
  issueChallenge(ctx, {
    challenge: options.challenge,
    ceremony: 'register',
    user_id: user.user_id,
    domain,
    user_agent: fields.user_agent ?? '',
    authenticator_type: type,
    user_handle: isoBase64URL.fromBuffer(userHandle),
  })
  return {
    user_id: user.user_id,
    public_key_credential_creation_options: optionsString(
      options,
      fields.use_base64_url_encoding === true,
    ),
  }
}

async function register(ctx: ProviderContext, req: DevRequest, auth: BasicAuth) {
  const fields = readFields(req, {
    public_key_credential: 'string',
    session_duration_minutes: 'number?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  const session = liveSession(ctx, auth.secret)
  const credential = parseCredential<RegistrationResponseJSON>(fields.public_key_credential)
  const pending = takeChallenge(
    ctx,
    (challenge) => challenge.ceremony === 'register' && challenge.user_id === session.user_id,
  )
  if (!pending) {
    throw new ProviderError(
      400,
      'no_pending_webauthn_registration',
      'There is no WebAuthn registration in progress: call register/start first.',
    )
  }
  let verified
  try {
    verified = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: pending.challenge,
      expectedOrigin: originsFor(ctx, pending.domain),
      expectedRPID: pending.domain,
      requireUserPresence: true,
      // Neither option set asks for user verification, so its absence is no reason to refuse.
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    })
  } catch (error) {
    throw new ProviderError(
      400,
      'unable_to_register_webauthn_registration',
      `WebAuthn registration could not be verified: ${(error as Error).message}`,
    )
  }
  if (!verified.verified) {
    throw new ProviderError(
      400,
      'unable_to_register_webauthn_registration',
      'WebAuthn registration could not be verified.',
    )
  }
  const { credential: created } = verified.registrationInfo
  if (findByCredentialId(ctx.store.data, created.id)) {
    throw new ProviderError(
      400,
      'duplicate_webauthn_registration',
      'This credential is already registered.',
    )
  }
  const registration: WebAuthnRegistrationRecord = {
    webauthn_registration_id: newId('webauthn-registration'),
    domain: pending.domain,
    user_agent: pending.user_agent ?? '',
    authenticator_type: pending.authenticator_type ?? '',
    verified: true,
    // The provider's default name is not documented: the emulator leaves it empty until renamed.
    name: '',
    credential_id: created.id,
    public_key: isoBase64URL.fromBuffer(created.publicKey),
    counter: created.counter,
    transports: created.transports ?? credential.response.transports ?? [],
    user_handle: pending.user_handle ?? '',
  }
  ctx.store.update((state) => {
    const user = state.users[session.user_id]
    if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
    ;(user.webauthn_registrations ??= []).push(registration)
    addFactor(ctx, session, webauthnFactor(ctx, registration), minutes)
  })
  return {
    ...(await authenticateData(ctx, session)),
    webauthn_registration_id: registration.webauthn_registration_id,
  }
}

async function authenticateStart(
  ctx: ProviderContext,
  req: DevRequest,
  session: SessionRecord | undefined,
) {
  const fields = readFields(req, {
    domain: 'string',
    return_passkey_credential_options: 'boolean?',
    use_base64_url_encoding: 'boolean?',
  })
  const domain = checkDomain(ctx, fields.domain)
  const passkey = fields.return_passkey_credential_options === true
  const user = session ? sessionUser(ctx, session) : undefined
  // A passkey is found by the browser (discoverable), so it names no credentials; a second factor
  // for a known user lists theirs on this domain.
  const allowed = passkey
    ? []
    : (user?.webauthn_registrations ?? []).filter((registration) => registration.domain === domain)
  const options = await generateAuthenticationOptions({
    rpID: domain,
    allowCredentials: allowed.map((registration) => ({
      id: registration.credential_id,
      transports: registration.transports,
    })),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: passkey ? 'preferred' : 'discouraged',
  })
  issueChallenge(ctx, {
    challenge: options.challenge,
    ceremony: 'authenticate',
    ...(user ? { user_id: user.user_id } : {}),
    domain,
  })
  return {
    user_id: user?.user_id ?? '',
    public_key_credential_request_options: optionsString(
      options,
      fields.use_base64_url_encoding === true,
    ),
  }
}

function unableToAuth(reason: string): ProviderError {
  return new ProviderError(
    401,
    'unable_to_auth_webauthn_registration',
    `WebAuthn registration could not be authenticated: ${reason}`,
  )
}

async function authenticate(ctx: ProviderContext, req: DevRequest, auth: BasicAuth) {
  const fields = readFields(req, {
    public_key_credential: 'string',
    session_duration_minutes: 'number?',
    dfp_telemetry_id: 'string?',
    captcha_token: 'string?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  // The SDK sends its session token, if it has one, as the Basic password: then the passkey is a
  // further factor of that session; otherwise it starts one.
  const current = auth.secret === ctx.config.publicToken ? undefined : liveSession(ctx, auth.secret)
  const credential = parseCredential<AuthenticationResponseJSON>(fields.public_key_credential)
  const challenge = signedChallenge(credential)
  const pending = takeChallenge(
    ctx,
    (record) => record.ceremony === 'authenticate' && record.challenge === challenge,
  )
  if (!pending) throw unableToAuth('the challenge was not issued, was used, or expired.')
  const found = findByCredentialId(ctx.store.data, credential.id)
  if (!found) {
    throw new ProviderError(
      404,
      'webauthn_registration_not_found',
      'The WebAuthn registration could not be found.',
    )
  }
  const { user, registration } = found
  if (pending.user_id !== undefined && pending.user_id !== user.user_id) {
    throw unableToAuth('the credential belongs to another user.')
  }
  if (current && current.user_id !== user.user_id) {
    throw unableToAuth('the credential belongs to another user than the session.')
  }
  if (registration.domain !== pending.domain) {
    throw unableToAuth(`the credential was registered for ${registration.domain}.`)
  }
  const userHandle = credential.response.userHandle
  if (userHandle && userHandle !== registration.user_handle) {
    throw unableToAuth('the userHandle does not match the registration.')
  }
  let verified
  try {
    verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: pending.challenge,
      expectedOrigin: originsFor(ctx, pending.domain),
      expectedRPID: pending.domain,
      credential: {
        id: registration.credential_id,
        publicKey: isoBase64URL.toBuffer(registration.public_key),
        counter: registration.counter,
        transports: registration.transports,
      },
      requireUserVerification: false,
    })
  } catch (error) {
    // Includes a signature counter that did not go up: a cloned authenticator.
    throw unableToAuth((error as Error).message)
  }
  if (!verified.verified) throw unableToAuth('the signature does not verify.')
  const session = ctx.store.update((state) => {
    registration.counter = verified.authenticationInfo.newCounter
    const factor = webauthnFactor(ctx, registration)
    if (current) {
      addFactor(ctx, current, factor, minutes)
      return current
    }
    return startSession(ctx, state, user, factor, minutes)
  })
  return {
    ...(await authenticateData(ctx, session)),
    webauthn_registration_id: registration.webauthn_registration_id,
  }
}

/** The session user's registration `id`, or 404 `webauthn_registration_not_found`. */
function ownRegistration(ctx: ProviderContext, auth: BasicAuth, id: string | undefined) {
  const session = liveSession(ctx, auth.secret)
  const user = sessionUser(ctx, session)
  const registration = user.webauthn_registrations?.find(
    (entry) => entry.webauthn_registration_id === id,
  )
  if (!registration) {
    throw new ProviderError(
      404,
      'webauthn_registration_not_found',
      'The WebAuthn registration could not be found.',
    )
  }
  return { user, registration }
}

/** The WebAuthn routes; all but authenticate/start/primary and authenticate need a session. */
export function webauthnRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/webauthn/register/start', (req, auth) => registerStart(ctx, req, auth)),
    sdkRoute(ctx, 'POST', '/webauthn/register', (req, auth) => register(ctx, req, auth)),
    sdkRoute(ctx, 'POST', '/webauthn/authenticate/start/primary', (req) =>
      authenticateStart(ctx, req, undefined),
    ),
    sdkRoute(ctx, 'POST', '/webauthn/authenticate/start/secondary', (req, auth) =>
      authenticateStart(ctx, req, liveSession(ctx, auth.secret)),
    ),
    sdkRoute(ctx, 'POST', '/webauthn/authenticate', (req, auth) => authenticate(ctx, req, auth)),
    sdkRoute(ctx, 'PUT', '/webauthn/update/:id', (req, auth) => {
      const fields = readFields(req, { name: 'string' })
      const name = fields.name.trim()
      if (!name) {
        throw new ProviderError(
          400,
          'empty_webauthn_registration_name',
          'The WebAuthn registration name must not be empty.',
        )
      }
      const { registration } = ownRegistration(ctx, auth, req.params.id)
      ctx.store.update(() => (registration.name = name))
      return { webauthn_registration: webauthnRegistrationObject(registration) }
    }),
    sdkRoute(ctx, 'DELETE', '/users/webauthn_registrations/:id', (req, auth) => {
      readFields(req, {})
      const { user, registration } = ownRegistration(ctx, auth, req.params.id)
      ctx.store.update(() => {
        user.webauthn_registrations = (user.webauthn_registrations ?? []).filter(
          (entry) => entry !== registration,
        )
      })
      const object = userObject(user)
      return { user_id: user.user_id, user: object, __user: object }
    }),
  ]
}
