/** Contract: the real SDK signs in with an email code against the emulator; wrong, expired and locked codes fail. */
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

async function client() {
  sdk = await createSdkClient(stack.provider.url, stack.publicToken)
  return sdk.client
}

describe('email one-time code', () => {
  it('signs in end to end and stores the session like the real provider', async () => {
    const stytch = await client()
    const sent = await stytch.otps.email.loginOrCreate('Ada@Example.com', { expiration_minutes: 5 })
    expect(sent.method_id).toMatch(/^email-test-/)
    const code = await stack.latestCode('ada@example.com')
    expect(code).toMatch(/^\d{6}$/)

    const result = await stytch.otps.authenticate(code, sent.method_id, {
      session_duration_minutes: 60,
    })
    expect(result.session_token).toHaveLength(44)
    expect(result.session_jwt.split('.')).toHaveLength(3)
    expect(result.user.emails[0]).toMatchObject({ email: 'ada@example.com', verified: true })
    expect(result.session.authentication_factors[0]).toMatchObject({
      type: 'otp',
      delivery_method: 'email',
    })
    // On the stack's clock, which another test may have moved on.
    const expiresIn = Date.parse(result.session.expires_at) - stack.clock.now()
    expect(expiresIn).toBeGreaterThan(59 * 60_000)
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000)
    expect(stytch.session.getSync()?.session_id).toBe(result.session.session_id)
    expect(stytch.session.getTokens()?.session_token).toBe(result.session_token)
    await stytch.session.revoke()
  })

  it('without session_duration_minutes proves the code but starts no session, as the provider does', async () => {
    const sent = await stack.sdk('/otps/email/login_or_create', {
      body: { email: 'nosession@example.com' },
    })
    const { method_id } = ((await sent.json()) as { data: { method_id: string } }).data
    const code = await stack.latestCode('nosession@example.com')
    const response = await stack.sdk('/otps/authenticate', { body: { token: code, method_id } })
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: Record<string, unknown> }
    expect(data).toMatchObject({ session_token: '', session_jwt: '', session: null })
    expect(data.user).toMatchObject({
      emails: [{ email: 'nosession@example.com', verified: true }],
    })
  })

  it('rejects a wrong code with otp_code_not_found, then locks after five wrong tries', async () => {
    const stytch = await client()
    const { method_id } = await stytch.otps.email.loginOrCreate('lock@example.com', {
      expiration_minutes: 10,
    })
    const code = await stack.latestCode('lock@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(
      stytch.otps.authenticate(wrong, method_id, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({
      name: 'StytchAPIError',
      error_type: 'otp_code_not_found',
      status_code: 404,
    })
    for (let i = 0; i < 4; i++) {
      await expect(
        stytch.otps.authenticate(wrong, method_id, { session_duration_minutes: 60 }),
      ).rejects.toMatchObject({ error_type: 'otp_code_not_found' })
    }
    await expect(
      stytch.otps.authenticate(code, method_id, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_otp_code', status_code: 401 })

    // A new code starts over (a second later: one send per address per second).
    stack.clock.advance(1000)
    await stytch.otps.email.loginOrCreate('lock@example.com', { expiration_minutes: 10 })
    const fresh = await stack.latestCode('lock@example.com')
    await expect(
      stytch.otps.authenticate(fresh, method_id, { session_duration_minutes: 60 }),
    ).resolves.toMatchObject({ method_id })
    await stytch.session.revoke()
  })

  it('rejects an expired code', async () => {
    const stytch = await client()
    const { method_id } = await stytch.otps.email.loginOrCreate('late@example.com', {
      expiration_minutes: 2,
    })
    const code = await stack.latestCode('late@example.com')
    stack.clock.advance(2 * 60_000 + 1000)
    await expect(
      stytch.otps.authenticate(code, method_id, { session_duration_minutes: 60 }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_otp_code', status_code: 401 })
  })

  it('lets a code live 2 minutes when the caller does not say, and refuses expiries outside 1 to 10', async () => {
    const stytch = await client()
    const first = await stytch.otps.email.loginOrCreate('default@example.com')
    // The stack's clock runs on real time too: leave room for a busy machine.
    stack.clock.advance(2 * 60_000 - 20_000)
    await expect(
      stytch.otps.authenticate(await stack.latestCode('default@example.com'), first.method_id, {
        session_duration_minutes: 60,
      }),
    ).resolves.toMatchObject({ method_id: first.method_id })
    await stytch.session.revoke()

    const second = await stytch.otps.email.loginOrCreate('default@example.com')
    stack.clock.advance(2 * 60_000)
    await expect(
      stytch.otps.authenticate(await stack.latestCode('default@example.com'), second.method_id, {
        session_duration_minutes: 60,
      }),
    ).rejects.toMatchObject({ error_type: 'unable_to_auth_otp_code', status_code: 401 })

    for (const minutes of [0, 11, 2.5]) {
      await expect(
        stytch.otps.email.loginOrCreate('default@example.com', { expiration_minutes: minutes }),
      ).rejects.toMatchObject({
        name: 'StytchAPIError',
        status_code: 400,
        error_type: 'invalid_expiration_otp',
      })
    }
    await expect(
      stytch.otps.email.loginOrCreate('default@example.com', { expiration_minutes: 10 }),
    ).resolves.toMatchObject({ method_id: second.method_id })
  })

  it('lists sent codes newest first in the inbox', async () => {
    const stytch = await client()
    await stytch.otps.email.loginOrCreate('inbox@example.com', { expiration_minutes: 10 })
    stack.clock.advance(1000)
    await stytch.otps.email.loginOrCreate('inbox@example.com', { expiration_minutes: 10 })
    const response = await fetch(`${stack.provider.url}/_dev/inbox?email=INBOX@example.com`)
    const { messages } = (await response.json()) as { messages: { code: string; sentAt: string }[] }
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatchObject({ email: 'inbox@example.com', kind: 'otp' })
    expect(messages[0]?.code).toBe(await stack.latestCode('inbox@example.com'))
    const page = await fetch(`${stack.provider.url}/_dev/inbox`, {
      headers: { accept: 'text/html' },
    })
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain(messages[0]?.code)
  })
})
