/**
 * Contract: in strict mode (the default) SDK calls must carry the SDK's `X-SDK-Client` and an
 * authorized `X-SDK-Parent-Host`, as the real provider checks its SDK's domains; telemetry is exempt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import {
  sdkClientHeader,
  startTestStack,
  TEST_APP_ORIGIN,
  type TestStack,
} from '../testing/test-stack.ts'

let stack: TestStack
/** A stack whose app is elsewhere: the jsdom page (localhost:5173) is not one of its origins. */
let elsewhere: TestStack
let lax: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  ;[stack, elsewhere, lax] = await Promise.all([
    startTestStack(),
    startTestStack({ appUrl: 'https://cards.example', allowedOrigins: ['http://127.0.0.1:5173'] }),
    startTestStack({ strictSdk: false }),
  ])
})
afterEach(() => sdk?.dispose())
afterAll(() => Promise.all([stack.close(), elsewhere.close(), lax.close()]))

const BAD_DOMAIN = {
  status_code: 400,
  error_type: 'bad_domain_for_stytch_sdk',
  error_message:
    'This website has not been registered as an allowed domain for the Stytch SDK. Please add it here: https://stytch.com/dashboard/sdk-configuration',
  error_url: 'https://stytch.com/dashboard/sdk-configuration',
}

const base64 = (text: string) => Buffer.from(text).toString('base64')

describe('strict SDK checks', () => {
  it('let the real SDK through: bootstrap (PKCE is on), codes, links and sessions', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    const stytch = sdk.client
    await stytch.magicLinks.email.loginOrCreate('strict@example.com', {
      login_magic_link_url: `${TEST_APP_ORIGIN}/auth/email`,
      signup_magic_link_url: `${TEST_APP_ORIGIN}/auth/email`,
    })
    // PKCE is used only when the bootstrap was read, so the bootstrap passed the checks too.
    const key = `stytch_sdk_state_${stack.publicToken}::PKCE_VERIFIER:magic_links`
    expect(localStorage.getItem(key)).toContain('code_verifier')
    const { method_id } = await stytch.otps.email.loginOrCreate('strict@example.com', {
      expiration_minutes: 5,
    })
    await stytch.otps.authenticate(await stack.latestCode('strict@example.com'), method_id, {
      session_duration_minutes: 60,
    })
    await expect(stytch.session.authenticate()).resolves.toMatchObject({
      session_token: expect.any(String),
    })
    await expect(stytch.user.get()).resolves.toMatchObject({ status: 'active' })
    await stytch.session.revoke()
  })

  it('refuse the real SDK on a page that is not an app origin, with the provider’s error', async () => {
    sdk = await createSdkClient(elsewhere.provider.url, elsewhere.publicToken)
    await expect(
      sdk.client.otps.email.loginOrCreate('page@example.com', { expiration_minutes: 5 }),
    ).rejects.toMatchObject({ name: 'StytchAPIError', ...BAD_DOMAIN })
    const inbox = await fetch(`${elsewhere.provider.url}/_dev/inbox?email=page@example.com`)
    expect(await inbox.json()).toEqual({ messages: [] })
  })

  it('refuse a call without X-SDK-Client, or with one that is not the SDK’s telemetry', async () => {
    const garbage = [
      null,
      '',
      'not base64!',
      base64('not json'),
      base64('[]'),
      base64('{"sdk":{"identifier":"Stytch.js Javascript SDK"}}'),
      base64('{"sdk":{"identifier":"","version":"@stytch/vanilla-js@6.3.0"}}'),
    ]
    for (const sdkClient of garbage) {
      const response = await stack.sdk('/otps/email/login_or_create', {
        body: { email: 'client@example.com' },
        sdkClient,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ status_code: 400, error_type: 'bad_request' })
    }
    const ok = await stack.sdk('/otps/email/login_or_create', {
      body: { email: 'client@example.com' },
      sdkClient: base64('{"sdk":{"identifier":"Stytch.js Javascript SDK","version":"6.3.0"}}'),
    })
    expect(ok.status).toBe(200)
  })

  it('refuse a missing, malformed or foreign X-SDK-Parent-Host with bad_domain_for_stytch_sdk', async () => {
    const hosts = [
      null,
      '',
      'localhost:5173',
      `${TEST_APP_ORIGIN}/auth/email`,
      `${TEST_APP_ORIGIN}/`,
      'http://127.0.0.1:5173',
      'https://evil.example',
    ]
    for (const parentHost of hosts) {
      for (const path of ['/otps/email/login_or_create', '/sessions/authenticate']) {
        const response = await stack.sdk(path, { body: { email: 'host@example.com' }, parentHost })
        expect(response.status).toBe(400)
        expect(await response.json()).toMatchObject(BAD_DOMAIN)
      }
    }
    const bootstrap = await stack.sdk(`/projects/bootstrap/${stack.publicToken}`, {
      method: 'GET',
      parentHost: 'https://evil.example',
    })
    expect(await bootstrap.json()).toMatchObject(BAD_DOMAIN)
    const listed = await elsewhere.sdk('/otps/email/login_or_create', {
      body: { email: 'host@example.com' },
      parentHost: 'http://127.0.0.1:5173',
    })
    expect(listed.status).toBe(200)
  })

  it('check credentials first, and leave telemetry alone', async () => {
    const wrong = Buffer.from('public-token-test-other:x').toString('base64')
    const unauthorized = await fetch(`${stack.provider.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: { authorization: `Basic ${wrong}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(await unauthorized.json()).toMatchObject({ error_type: 'unauthorized_credentials' })
    const unknown = await fetch(
      `${stack.provider.url}/sdk/v1/projects/bootstrap/public-token-test-x`,
    )
    expect(await unknown.json()).toMatchObject({ error_type: 'public_token_not_found' })
    const events = await fetch(`${stack.provider.url}/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    })
    expect(events.status).toBe(200)
  })

  it('are off with strictSdk: false', async () => {
    const bare = await lax.sdk('/otps/email/login_or_create', {
      body: { email: 'lax@example.com' },
      sdkClient: null,
      parentHost: 'https://evil.example',
    })
    expect(bare.status).toBe(200)
    expect(sdkClientHeader()).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })
})
