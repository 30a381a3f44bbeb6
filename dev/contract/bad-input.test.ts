/** Contract: malformed bodies, missing fields and unknown routes get the provider's error shapes. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(() => sdk?.dispose())
afterAll(() => stack.close())

describe('bad input', () => {
  it('answers a malformed JSON body with 400 bad_request in the API error shape', async () => {
    const response = await stack.sdk('/otps/email/login_or_create', { rawBody: '{"email": ' })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({
      status_code: 400,
      request_id: expect.stringMatching(/^request-id-test-/),
      error_type: 'bad_request',
      error_message: 'Request body must be valid JSON.',
      error_url: expect.any(String),
    })
  })

  it('answers missing or mistyped fields with a schema error the SDK raises as StytchAPISchemaError', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    const missingMethod = undefined as unknown as string
    const error = await sdk.client.otps
      .authenticate('123456', missingMethod, { session_duration_minutes: 60 })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'StytchAPISchemaError' })
    expect((error as Error).message).toContain('Request does not match expected schema')
    expect((error as Error).message).toContain("should have required property 'method_id'")

    const raw = await stack.sdk('/otps/email/login_or_create', { body: { email: 42 } })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({
      status_code: 400,
      error_message: 'Request does not match expected schema',
      body: [{ keyword: 'type', dataPath: '.email', message: 'should be string' }],
    })
  })

  it('rejects an invalid email address and an out-of-range session duration', async () => {
    const email = await stack.sdk('/otps/email/login_or_create', {
      body: { email: 'not-an-email' },
    })
    expect(await email.json()).toMatchObject({ status_code: 400, error_type: 'invalid_email' })
    const { session_token } = await stack.signIn('range@example.com')
    const duration = await stack.sdk('/sessions/authenticate', {
      body: { session_duration_minutes: 1 },
      sessionToken: session_token,
    })
    expect(await duration.json()).toMatchObject({
      error_type: 'invalid_session_duration_minutes',
    })
  })

  it('answers unknown bootstrap tokens, routes and methods in the provider shape', async () => {
    const boot = await fetch(`${stack.provider.url}/sdk/v1/projects/bootstrap/public-token-test-x`)
    expect(boot.status).toBe(404)
    expect(await boot.json()).toMatchObject({ error_type: 'public_token_not_found' })
    const route = await stack.sdk('/no/such/route', { body: {} })
    expect(await route.json()).toMatchObject({ status_code: 404, error_type: 'route_not_found' })
    const method = await stack.sdk('/sessions/authenticate', { method: 'GET' })
    expect(await method.json()).toMatchObject({
      status_code: 405,
      error_type: 'method_not_allowed',
    })
  })

  it('serves a bootstrap the SDK maps without falling back to its defaults', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    await sdk.client.magicLinks.email.loginOrCreate('boot@example.com')
    // PKCE is only used when the bootstrap was read correctly.
    const key = `stytch_sdk_state_${stack.publicToken}::PKCE_VERIFIER:magic_links`
    expect(localStorage.getItem(key)).toContain('code_verifier')
    const events = await fetch(`${stack.provider.url}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    })
    expect(events.status).toBe(200)
  })
})
