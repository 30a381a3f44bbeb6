/**
 * Contract: the real SDK registers and uses passkeys against the emulator, with a software
 * authenticator as `navigator.credentials`; forged origins, RP ids, replays, clones and users
 * without a verified email are refused.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_FILE } from '../provider/state.ts'
import { WEBAUTHN_CHALLENGE_MINUTES } from '../provider/webauthn-routes.ts'
import { createSdkClient, installDom, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { SoftAuthenticator } from '../testing/soft-authenticator.ts'
import { startTestStack, tempDataDir, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(() => sdk?.dispose())
afterAll(() => stack.close())

/** A fresh SDK client on a clean page whose browser has `authenticator` (a new one by default). */
async function client(authenticator = new SoftAuthenticator(), on = stack) {
  sdk = await createSdkClient(on.provider.url, on.publicToken)
  authenticator.install(installDom().window as unknown as Window)
  return sdk.client
}

/** A client signed in with an email code (which verifies the email, as passkeys need). */
async function signedIn(email: string, authenticator = new SoftAuthenticator()) {
  const stytch = await client(authenticator)
  const { method_id } = await stytch.otps.email.loginOrCreate(email, { expiration_minutes: 5 })
  await stytch.otps.authenticate(await stack.latestCode(email), method_id, {
    session_duration_minutes: 60,
  })
  return stytch
}

/** Runs `action` and returns the JSON bodies the SDK sent to `path`, in order. */
async function bodiesSentTo(path: string, action: () => Promise<unknown>): Promise<unknown[]> {
  const realFetch = globalThis.fetch
  const bodies: unknown[] = []
  globalThis.fetch = (input, init) => {
    if (String(input).endsWith(`/sdk/v1${path}`) && typeof init?.body === 'string') {
      bodies.push(JSON.parse(init.body))
    }
    return realFetch(input, init)
  }
  try {
    await action()
  } finally {
    globalThis.fetch = realFetch
  }
  return bodies
}

async function json(response: Response): Promise<{ data?: Record<string, unknown> }> {
  return (await response.json()) as { data?: Record<string, unknown> }
}

const passkey = { is_passkey: true, session_duration_minutes: 60 }

describe('WebAuthn (passkeys)', () => {
  it('registers a passkey, lists it, signs in with it, renames and deletes it; then it no longer signs in', async () => {
    const stytch = await signedIn('pia@example.com')
    const registered = await stytch.webauthn.register(passkey)
    expect(registered.webauthn_registration_id).toMatch(/^webauthn-registration-test-/)
    expect(registered.session.authentication_factors.map((factor) => factor.type)).toEqual([
      'otp',
      'webauthn',
    ])
    expect(registered.session.authentication_factors[1]).toMatchObject({
      delivery_method: 'webauthn_registration',
      webauthn_factor: {
        webauthn_registration_id: registered.webauthn_registration_id,
        domain: 'localhost',
      },
    })

    const me = await stytch.user.get()
    expect(me.webauthn_registrations).toEqual([
      {
        webauthn_registration_id: registered.webauthn_registration_id,
        domain: 'localhost',
        user_agent: navigator.userAgent,
        authenticator_type: '',
        verified: true,
        name: '',
      },
    ])
    const signedInSession = registered.session.session_id
    await stytch.session.revoke()

    const [assertion] = await bodiesSentTo('/webauthn/authenticate/start/primary', async () => {
      const result = await stytch.webauthn.authenticate(passkey)
      expect(result?.session.session_id).not.toBe(signedInSession)
      expect(result?.user_id).toBe(registered.user_id)
      expect(result?.session.authentication_factors).toEqual([
        expect.objectContaining({ type: 'webauthn', delivery_method: 'webauthn_registration' }),
      ])
      expect(result?.user.webauthn_registrations).toHaveLength(1)
    })
    expect(assertion).toEqual({ domain: 'localhost', return_passkey_credential_options: true })
    expect(stytch.session.getSync()?.authentication_factors[0]?.type).toBe('webauthn')

    const renamed = await stytch.webauthn.update({
      webauthn_registration_id: registered.webauthn_registration_id,
      name: '  Phone  ',
    })
    expect(renamed.webauthn_registration).toMatchObject({ name: 'Phone', verified: true })
    expect((await stytch.user.get()).webauthn_registrations[0]?.name).toBe('Phone')
    await expect(
      stytch.webauthn.update({
        webauthn_registration_id: registered.webauthn_registration_id,
        name: ' ',
      }),
    ).rejects.toMatchObject({ error_type: 'empty_webauthn_registration_name', status_code: 400 })

    const deleted = await stytch.user.deleteWebauthnRegistration(
      registered.webauthn_registration_id,
    )
    expect(deleted.user_id).toBe(registered.user_id)
    expect(stytch.user.getSync()?.webauthn_registrations).toEqual([])
    await stytch.session.revoke()

    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      name: 'StytchAPIError',
      error_type: 'webauthn_registration_not_found',
      status_code: 404,
    })
  })

  it('sends the options as a JSON string: standard base64 unless asked for base64url, a resident key for passkeys', async () => {
    const { session_token: sessionToken, user_id: userId } =
      await stack.signIn('options@example.com')
    const start = async (body: object) => {
      const response = await stack.sdk('/webauthn/register/start', { body, sessionToken })
      expect(response.status).toBe(200)
      const data = (await json(response)).data ?? {}
      expect(data.user_id).toBe(userId)
      expect(typeof data.public_key_credential_creation_options).toBe('string')
      return JSON.parse(data.public_key_credential_creation_options as string) as {
        challenge: string
        rp: { id: string; name: string }
        user: { id: string; name: string; displayName: string }
        pubKeyCredParams: { alg: number }[]
        authenticatorSelection: Record<string, unknown>
        attestation: string
      }
    }

    const passkeyOptions = await start({
      domain: 'localhost',
      return_passkey_credential_options: true,
    })
    expect(passkeyOptions.challenge).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(passkeyOptions.user.id, 'base64').toString()).toBe(userId)
    expect(passkeyOptions).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'options@example.com', displayName: 'options@example.com' },
      attestation: 'none',
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
    })
    expect(passkeyOptions.pubKeyCredParams.map((param) => param.alg)).toContain(-7)

    const keyOptions = await start({
      domain: 'localhost',
      authenticator_type: 'cross-platform',
      use_base64_url_encoding: true,
      override_id: 'holder-7',
      override_name: 'Holder Seven',
    })
    expect(keyOptions.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(keyOptions.user.id, 'base64url').toString()).toBe('holder-7')
    expect(keyOptions.user).toMatchObject({ name: 'Holder Seven', displayName: 'Holder Seven' })
    expect(keyOptions.authenticatorSelection).toMatchObject({
      authenticatorAttachment: 'cross-platform',
      residentKey: 'discouraged',
      userVerification: 'discouraged',
    })

    const badType = await stack.sdk('/webauthn/register/start', {
      body: { domain: 'localhost', authenticator_type: 'usb' },
      sessionToken,
    })
    expect(await badType.json()).toMatchObject({ error_type: 'invalid_authenticator_type' })

    const request = await stack.sdk('/webauthn/authenticate/start/primary', {
      body: { domain: 'localhost', return_passkey_credential_options: true },
    })
    const requestOptions = JSON.parse(
      (await json(request)).data?.public_key_credential_request_options as string,
    ) as Record<string, unknown>
    expect(requestOptions).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'preferred',
    })
  })

  it('adds a security key to the session that registered it, and uses it there as a second factor', async () => {
    const stytch = await signedIn('key@example.com')
    const registered = await stytch.webauthn.register({
      authenticator_type: 'cross-platform',
      session_duration_minutes: 60,
    })
    expect((await stytch.user.get()).webauthn_registrations[0]).toMatchObject({
      authenticator_type: 'cross-platform',
    })

    const [start] = await bodiesSentTo('/webauthn/authenticate/start/secondary', async () => {
      const result = await stytch.webauthn.authenticate({ session_duration_minutes: 60 })
      expect(result?.session.session_id).toBe(registered.session.session_id)
      expect(result?.session.authentication_factors.map((factor) => factor.type)).toEqual([
        'otp',
        'webauthn',
      ])
    })
    expect(start).toEqual({ domain: 'localhost' })

    // Not discoverable: with no session the SDK asks start/primary, which names no credential.
    await stytch.session.revoke()
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      name: 'NotAllowedError',
    })
  })

  it('refuses another origin and another RP id', async () => {
    const authenticator = new SoftAuthenticator()
    const stytch = await signedIn('origin@example.com', authenticator)
    await expect(
      stytch.webauthn.register({ ...passkey, domain: 'evil.example' }),
    ).rejects.toMatchObject({
      error_type: 'invalid_domain',
      status_code: 400,
    })

    authenticator.forgery = { origin: 'http://evil.example:5173' }
    await expect(stytch.webauthn.register(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_register_webauthn_registration',
      status_code: 400,
    })
    authenticator.forgery = { rpId: 'evil.example' }
    await expect(stytch.webauthn.register(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_register_webauthn_registration',
    })

    authenticator.forgery = {}
    await stytch.webauthn.register(passkey)
    await stytch.session.revoke()
    authenticator.forgery = { origin: 'http://localhost:6666' }
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
      status_code: 401,
    })
    authenticator.forgery = { rpId: 'evil.example' }
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
    })
    authenticator.forgery = {}
    await expect(stytch.webauthn.authenticate(passkey)).resolves.toMatchObject({
      user: { emails: [expect.objectContaining({ email: 'origin@example.com' })] },
    })
  })

  it('takes each challenge once, and not after five minutes', async () => {
    const authenticator = new SoftAuthenticator()
    const stytch = await signedIn('replay@example.com', authenticator)
    const sessionToken = stytch.session.getTokens()?.session_token ?? ''
    const [registration] = await bodiesSentTo('/webauthn/register', () =>
      stytch.webauthn.register(passkey),
    )
    const replayed = await stack.sdk('/webauthn/register', { body: registration, sessionToken })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toMatchObject({ error_type: 'no_pending_webauthn_registration' })

    await stytch.session.revoke()
    const [assertion] = await bodiesSentTo('/webauthn/authenticate', () =>
      stytch.webauthn.authenticate(passkey),
    )
    await stytch.session.revoke()
    const again = await stack.sdk('/webauthn/authenticate', { body: assertion })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
    })

    authenticator.forgery = {
      beforeAnswer: () => stack.clock.advance(WEBAUTHN_CHALLENGE_MINUTES * 60_000 + 1000),
    }
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
    })
  })

  it('refuses a cloned authenticator whose counter did not go up, and an assertion without user presence', async () => {
    const authenticator = new SoftAuthenticator()
    const stytch = await signedIn('clone@example.com', authenticator)
    await stytch.webauthn.register(passkey)
    const clone = authenticator.clone()
    await stytch.session.revoke()
    await expect(stytch.webauthn.authenticate(passkey)).resolves.not.toBeNull()
    await stytch.session.revoke()

    clone.install(installDom().window as unknown as Window)
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
      error_message: expect.stringContaining('counter') as unknown,
    })

    authenticator.install(installDom().window as unknown as Window)
    authenticator.forgery = { userPresent: false }
    await expect(stytch.webauthn.authenticate(passkey)).rejects.toMatchObject({
      error_type: 'unable_to_auth_webauthn_registration',
      error_message: expect.stringContaining('not present') as unknown,
    })
    authenticator.forgery = {}
    await expect(stytch.webauthn.authenticate(passkey)).resolves.not.toBeNull()
  })

  it('refuses passkeys to a user without a verified email or phone number', async () => {
    const stytch = await client()
    const account = privateKeyToAccount(generatePrivateKey())
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' }
    const { challenge } = await stytch.cryptoWallets.authenticateStart(wallet)
    await stytch.cryptoWallets.authenticate({
      ...wallet,
      signature: await account.signMessage({ message: challenge }),
      session_duration_minutes: 60,
    })
    await expect(stytch.webauthn.register(passkey)).rejects.toMatchObject({
      error_type: 'cannot_use_webauthn_with_pending_user',
      status_code: 400,
    })
  })

  it('needs a session to register, and the owner’s session to rename or delete', async () => {
    const anonymous = await client()
    await expect(anonymous.webauthn.register(passkey)).rejects.toMatchObject({
      error_type: 'session_not_found',
      status_code: 404,
    })

    const owner = await signedIn('owner@example.com')
    const { webauthn_registration_id: id } = await owner.webauthn.register(passkey)
    const other = await stack.signIn('other@example.com')
    for (const [method, path, body] of [
      ['PUT', `/webauthn/update/${id}`, { name: 'Mine now' }],
      ['DELETE', `/users/webauthn_registrations/${id}`, undefined],
    ] as const) {
      const response = await stack.sdk(path, { method, body, sessionToken: other.session_token })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error_type: 'webauthn_registration_not_found' })
    }
    expect((await owner.user.get()).webauthn_registrations).toHaveLength(1)
  })

  it('signs in through passkey autofill (conditional mediation) with the same calls', async () => {
    const stytch = await signedIn('autofill@example.com')
    await stytch.webauthn.register(passkey)
    await stytch.session.revoke()
    const field = document.createElement('input')
    field.setAttribute('autocomplete', 'username webauthn')
    document.body.append(field)
    try {
      const result = await stytch.webauthn.authenticate({ ...passkey, conditional_mediation: true })
      expect(result?.session.authentication_factors[0]?.type).toBe('webauthn')
    } finally {
      field.remove()
    }
  })

  it('reads state files from before passkeys: no registrations, and registration works', async () => {
    const dataDir = await tempDataDir()
    const before = await startTestStack({ dataDir, keepData: true })
    const { session_token: sessionToken } = await before.signIn('older@example.com')
    await before.close()
    const saved = await readFile(join(dataDir, PROVIDER_FILE), 'utf8')
    expect(saved).not.toContain('webauthn')

    const after = await startTestStack({ dataDir })
    try {
      const me = await json(await after.sdk('/users/me', { method: 'GET', sessionToken }))
      expect(me.data?.webauthn_registrations).toEqual([])
      const start = await after.sdk('/webauthn/register/start', {
        body: { domain: 'localhost', return_passkey_credential_options: true },
        sessionToken,
      })
      expect(start.status).toBe(200)
    } finally {
      await after.close()
    }
  })
})
