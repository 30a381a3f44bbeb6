/**
 * Contract: sending codes and links to one address is rate limited like the provider (429
 * `too_many_requests`), per clock second and hour; the SDK surfaces the error; `/_dev/reset` and
 * `/_dev/config` reset and change the limits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, TEST_APP_ORIGIN, type TestStack } from '../testing/test-stack.ts'

const HOUR = 3_600_000
let stack: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  stack = await startTestStack({ emailSendsPerHour: 2 })
})
afterEach(() => sdk?.dispose())
afterAll(() => stack.close())

/** Moves the clock to just after the top of the next hour, so a test's sends share one window. */
function startOfNextHour() {
  stack.clock.advance(HOUR - (stack.clock.now() % HOUR) + 100)
}

const TOO_MANY = {
  name: 'StytchAPIError',
  status_code: 429,
  error_type: 'too_many_requests',
  error_message: 'Too many requests have been made.',
}

describe('send limits', () => {
  it('answer 429 too_many_requests once an address had its codes for the hour, through the SDK', async () => {
    sdk = await createSdkClient(stack.provider.url, stack.publicToken)
    const codes = () =>
      sdk?.client.otps.email.loginOrCreate('busy@example.com', { expiration_minutes: 5 })
    startOfNextHour()
    await codes()
    stack.clock.advance(1000)
    await codes()
    stack.clock.advance(1000)
    await expect(codes()).rejects.toMatchObject(TOO_MANY)
    // Links are counted apart from codes, and other addresses are not affected.
    await sdk.client.magicLinks.email.loginOrCreate('busy@example.com', {
      login_magic_link_url: `${TEST_APP_ORIGIN}/auth/email`,
      signup_magic_link_url: `${TEST_APP_ORIGIN}/auth/email`,
    })
    await sdk.client.otps.email.loginOrCreate('calm@example.com', { expiration_minutes: 5 })
    startOfNextHour()
    await expect(codes()).resolves.toMatchObject({ method_id: expect.any(String) })
  })

  it('answer the second send within one clock second with 429', async () => {
    startOfNextHour()
    const send = () =>
      stack.sdk('/magic_links/email/send/primary', { body: { email: 'twice@example.com' } })
    await stack.sdk('/magic_links/email/login_or_create', { body: { email: 'twice@example.com' } })
    const again = await send()
    expect(again.status).toBe(429)
    expect(await again.json()).toEqual({
      status_code: 429,
      request_id: expect.stringMatching(/^request-id-test-/),
      error_type: 'too_many_requests',
      error_message: 'Too many requests have been made.',
      error_url: 'https://stytch.com/docs/api/errors/429#too_many_requests',
    })
    stack.clock.advance(1000)
    expect((await send()).status).toBe(200)
  })

  it('are cleared by /_dev/reset and changed by /_dev/config', async () => {
    startOfNextHour()
    const send = () =>
      stack.sdk('/otps/email/login_or_create', { body: { email: 'reset@example.com' } })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(429)
    await fetch(`${stack.provider.url}/_dev/reset`, { method: 'POST' })
    expect((await send()).status).toBe(200)
    const config = (body: unknown) =>
      fetch(`${stack.provider.url}/_dev/config`, { method: 'POST', body: JSON.stringify(body) })
    await config({ emailSendsPerSecond: 0, emailSendsPerHour: 0 })
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200)
    await config({ emailSendsPerSecond: 1, emailSendsPerHour: 2 })
  })
})
