/** Contract: sessions authenticate (with and without a duration), revoke, users/me, and the session JWT. */
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle, type StytchClient } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(() => sdk?.dispose())
afterAll(() => stack.close())

async function signedInClient(email: string): Promise<StytchClient> {
  sdk = await createSdkClient(stack.provider.url, stack.publicToken)
  const stytch = sdk.client
  const { method_id } = await stytch.otps.email.loginOrCreate(email, { expiration_minutes: 10 })
  await stytch.otps.authenticate(await stack.latestCode(email), method_id, {
    session_duration_minutes: 60,
  })
  return stytch
}

describe('sessions', () => {
  it('re-authenticates without a duration: same token, same expiry, fresh JWT', async () => {
    const stytch = await signedInClient('keep@example.com')
    const before = stytch.session.getSync()
    const tokens = stytch.session.getTokens()
    stack.clock.advance(2000)
    const after = await stytch.session.authenticate()
    expect(after.session_token).toBe(tokens?.session_token)
    expect(after.session_jwt).not.toBe(tokens?.session_jwt)
    expect(after.session.expires_at).toBe(before?.expires_at)
    expect(Date.parse(after.session.last_accessed_at)).toBeGreaterThan(
      Date.parse(before?.last_accessed_at ?? ''),
    )
    await stytch.session.revoke()
  })

  it('moves the expiry to now + session_duration_minutes', async () => {
    const stytch = await signedInClient('extend@example.com')
    const after = await stytch.session.authenticate({ session_duration_minutes: 120 })
    const expected = stack.clock.now() + 120 * 60_000
    expect(Math.abs(Date.parse(after.session.expires_at) - expected)).toBeLessThan(2000)
    await stytch.session.revoke()
  })

  it('revokes: the SDK forgets the session and the token is dead', async () => {
    const stytch = await signedInClient('revoke@example.com')
    const token = stytch.session.getTokens()?.session_token ?? ''
    await stytch.session.revoke()
    expect(stytch.session.getSync()).toBeNull()
    const again = await stack.sdk('/sessions/authenticate', { body: {}, sessionToken: token })
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ error_type: 'session_not_found', status_code: 404 })
  })

  it('answers an unknown session with session_not_found, and the SDK signs out', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    const stytch = sdk.client
    stytch.session.updateSession({ session_token: 'not-a-real-session-token' })
    await expect(stytch.session.authenticate()).rejects.toMatchObject({
      error_type: 'session_not_found',
      status_code: 404,
    })
    expect(stytch.session.getTokens()).toBeNull()
  })

  it('answers an expired session with session_not_found', async () => {
    const { session_token } = await stack.signIn('expire@example.com', 5)
    stack.clock.advance(5 * 60_000 + 1000)
    const response = await stack.sdk('/sessions/authenticate', {
      body: {},
      sessionToken: session_token,
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error_type: 'session_not_found' })
  })

  it('answers bad credentials with 401 unauthorized_credentials', async () => {
    const { session_token } = await stack.signIn('creds@example.com')
    const wrongToken = Buffer.from(`public-token-test-other:${session_token}`).toString('base64')
    for (const authorization of [`Basic ${wrongToken}`, 'Basic !!!', 'Bearer abc', '']) {
      const response = await fetch(`${stack.provider.url}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({
        status_code: 401,
        error_type: 'unauthorized_credentials',
        error_message: expect.any(String),
        error_url: expect.any(String),
        request_id: expect.any(String),
      })
    }
  })

  it('accepts the service worker’s call and an empty revoke body', async () => {
    const { session_token } = await stack.signIn('worker@example.com')
    const refreshed = await stack.sdk('/sessions/authenticate', {
      body: { session_duration_minutes: 60 },
      sessionToken: session_token,
    })
    expect(refreshed.status).toBe(200)
    const { data } = (await refreshed.json()) as { data: Record<string, unknown> }
    expect(data).toMatchObject({ status_code: 200, session_token, user: expect.any(Object) })
    const revoked = await stack.sdk('/sessions/revoke', { sessionToken: session_token })
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toMatchObject({ data: { status_code: 200 } })
  })

  it('gets the user through users/me', async () => {
    const stytch = await signedInClient('me@example.com')
    const user = await stytch.user.get()
    expect(user).toMatchObject({
      status: 'active',
      emails: [{ email: 'me@example.com', verified: true }],
    })
    expect(user).not.toHaveProperty('request_id')
    await stytch.session.revoke()
    await expect(stytch.user.get()).rejects.toMatchObject({ error_type: 'session_not_found' })
  })

  it('mints RS256 JWTs that verify against the JWKS with the provider claims', async () => {
    const signedIn = await stack.signIn('jwt@example.com')
    const jwks = createRemoteJWKSet(
      new URL(`/v1/sessions/jwks/${stack.projectId}`, stack.provider.url),
    )
    const { payload, protectedHeader } = await jwtVerify(signedIn.session_jwt, jwks, {
      issuer: `stytch.com/${stack.projectId}`,
      audience: stack.projectId,
      typ: 'JWT',
      currentDate: new Date(stack.clock.now()),
    })
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' })
    expect(decodeProtectedHeader(signedIn.session_jwt).kid).toMatch(/^jwk-test-/)
    expect(payload.aud).toEqual([stack.projectId])
    expect(payload.sub).toBe(signedIn.user_id)
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300)
    expect(payload.nbf).toBe(payload.iat)
    expect(payload['https://stytch.com/session']).toMatchObject({
      id: signedIn.session.session_id,
      expires_at: signedIn.session.expires_at,
      authentication_factors: [{ type: 'otp', delivery_method: 'email' }],
      roles: [],
    })
    const keys = (await (
      await fetch(`${stack.provider.url}/v1/sessions/jwks/${stack.projectId}`)
    ).json()) as { keys: Record<string, unknown>[] }
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' })
    expect(keys.keys[0]).not.toHaveProperty('d')
  })
})
