/**
 * Contract: the real SDK signs in with a text-message code against the emulator; codes reach the
 * inbox by phone number, expire, are limited per number, and bad numbers are refused.
 */
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

const options = { session_duration_minutes: 60 }

describe('text-message one-time code', () => {
  it('signs in end to end: phone_id as the method, the phone verified, an SMS factor', async () => {
    const stytch = await client()
    const phone = '+14155550101'
    const sent = await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })
    expect(sent.method_id).toMatch(/^phone-number-test-/)
    const code = await stack.latestSmsCode(phone)
    expect(code).toMatch(/^\d{6}$/)

    const result = await stytch.otps.authenticate(code, sent.method_id, options)
    expect(result.method_id).toBe(sent.method_id)
    expect(result.user.phone_numbers).toEqual([
      { phone_id: sent.method_id, phone_number: phone, verified: true },
    ])
    expect(result.user.emails).toEqual([])
    expect(result.session.authentication_factors).toEqual([
      {
        type: 'otp',
        delivery_method: 'sms',
        last_authenticated_at: expect.any(String) as string,
        phone_number_factor: { phone_id: sent.method_id, phone_number: phone },
      },
    ])
    expect(stytch.session.getTokens()?.session_token).toBe(result.session_token)

    const me = await stack.sdk('/users/me', { method: 'GET', sessionToken: result.session_token })
    const { data } = (await me.json()) as { data: { phone_numbers: unknown[] } }
    expect(data.phone_numbers).toEqual(result.user.phone_numbers)
    await stytch.session.revoke()
  })

  it('finds the same user again by number; send/primary needs a known number', async () => {
    const stytch = await client()
    const phone = '+447700900123'
    const first = await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })
    await stytch.otps.authenticate(await stack.latestSmsCode(phone), first.method_id, options)
    await stytch.session.revoke()

    stack.clock.advance(1000)
    const again = await stytch.otps.sms.send(phone, { expiration_minutes: 5 })
    expect(again.method_id).toBe(first.method_id)
    const result = await stytch.otps.authenticate(
      await stack.latestSmsCode(phone),
      again.method_id,
      options,
    )
    expect(result.user.phone_numbers).toHaveLength(1)
    await stytch.session.revoke()

    await expect(
      stytch.otps.sms.send('+14155550199', { expiration_minutes: 5 }),
    ).rejects.toMatchObject({ error_type: 'phone_number_not_found', status_code: 404 })
  })

  it('refuses numbers that are not E.164 with invalid_phone_number', async () => {
    const stytch = await client()
    for (const bad of [
      '4155550101',
      '+0155550101',
      '+1 415 555 0101',
      '+12345',
      '+1234567890123456',
    ]) {
      await expect(
        stytch.otps.sms.loginOrCreate(bad, { expiration_minutes: 5 }),
      ).rejects.toMatchObject({
        name: 'StytchAPIError',
        status_code: 400,
        error_type: 'invalid_phone_number',
      })
    }
  })

  it('expires codes on the stack clock, and keeps the email-code bounds on expiry', async () => {
    const stytch = await client()
    const phone = '+14155550102'
    const { method_id } = await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 2 })
    const code = await stack.latestSmsCode(phone)
    stack.clock.advance(2 * 60_000 + 1000)
    await expect(stytch.otps.authenticate(code, method_id, options)).rejects.toMatchObject({
      error_type: 'unable_to_auth_otp_code',
      status_code: 401,
    })
    for (const minutes of [0, 11]) {
      await expect(
        stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: minutes }),
      ).rejects.toMatchObject({ status_code: 400, error_type: 'invalid_expiration_otp' })
    }
  })

  it('rejects a wrong code, and locks the code after five wrong tries', async () => {
    const stytch = await client()
    const phone = '+14155550103'
    const { method_id } = await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 10 })
    const code = await stack.latestSmsCode(phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      await expect(stytch.otps.authenticate(wrong, method_id, options)).rejects.toMatchObject({
        error_type: 'otp_code_not_found',
        status_code: 404,
      })
    }
    await expect(stytch.otps.authenticate(code, method_id, options)).rejects.toMatchObject({
      error_type: 'unable_to_auth_otp_code',
    })
  })

  it('limits sends per number like email codes: one a second, ten an hour', async () => {
    const stytch = await client()
    const phone = '+14155550104'
    // The provider counts in fixed clock seconds: start at the top of one, so both sends fall in
    // it (two sends that straddle a second both pass).
    stack.clock.advance(1000 - (stack.clock.now() % 1000))
    await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })
    await expect(
      stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 }),
    ).rejects.toMatchObject({ status_code: 429, error_type: 'too_many_requests' })
    // Another number is counted apart.
    await stytch.otps.sms.loginOrCreate('+14155550105', { expiration_minutes: 5 })
    // Ten in the clock hour: start at the top of an hour so the sends stay inside it.
    stack.clock.advance(3_600_000 - (stack.clock.now() % 3_600_000))
    for (let i = 0; i < 10; i++) {
      await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })
      stack.clock.advance(1000)
    }
    await expect(
      stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 }),
    ).rejects.toMatchObject({ status_code: 429, error_type: 'too_many_requests' })
  })

  it('lists text messages in the inbox by phone number, a bare + in the query included', async () => {
    const stytch = await client()
    const phone = '+14155550106'
    await stytch.otps.sms.loginOrCreate(phone, { expiration_minutes: 5 })
    const bare = await fetch(`${stack.provider.url}/_dev/inbox?phone_number=${phone}`)
    const { messages } = (await bare.json()) as { messages: Record<string, unknown>[] }
    expect(messages).toEqual([
      {
        phone_number: phone,
        kind: 'sms',
        code: await stack.latestSmsCode(phone),
        sentAt: expect.any(String) as string,
      },
    ])
    const page = await fetch(`${stack.provider.url}/_dev/inbox`, {
      headers: { accept: 'text/html' },
    })
    const text = await page.text()
    expect(text).toContain(phone)
    expect(text).toContain('text message')
  })
})
