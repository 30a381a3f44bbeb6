/** The `/_dev/config` control: run-time switches for SIWE, the strict SDK checks and the send limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.close())

const post = (body: string) =>
  fetch(`${stack.provider.url}/_dev/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })

const bootstrapSiwe = async () => {
  const response = await stack.sdk(`/projects/bootstrap/${stack.publicToken}`, { method: 'GET' })
  const { data } = (await response.json()) as {
    data: { siwe_required_for_crypto_wallets: boolean }
  }
  return data.siwe_required_for_crypto_wallets
}

const DEFAULTS = {
  siwe: false,
  strictSdk: true,
  emailSendsPerSecond: 1,
  emailSendsPerHour: 10,
  pkceRequiredForOAuth: true,
  oauthProviders: ['google', 'apple'],
}

describe('/_dev/config', () => {
  it('switches SIWE on and off at run time, as bootstrap reports it', async () => {
    expect(await (await fetch(`${stack.provider.url}/_dev/config`)).json()).toEqual(DEFAULTS)
    expect(await (await post('{"siwe":true}')).json()).toEqual({ ...DEFAULTS, siwe: true })
    expect(await bootstrapSiwe()).toBe(true)
    expect(await (await post('{"siwe":false}')).json()).toEqual(DEFAULTS)
    expect(await bootstrapSiwe()).toBe(false)
  })

  it('switches the strict SDK checks and the send limits', async () => {
    const bare = () => fetch(`${stack.provider.url}/sdk/v1/projects/bootstrap/${stack.publicToken}`)
    expect((await bare()).status).toBe(400)
    expect(await (await post('{"strictSdk":false,"emailSendsPerHour":0}')).json()).toEqual({
      ...DEFAULTS,
      strictSdk: false,
      emailSendsPerHour: 0,
    })
    expect((await bare()).status).toBe(200)
    expect((await post(JSON.stringify(DEFAULTS))).status).toBe(200)
    expect((await bare()).status).toBe(400)
  })

  it('refuses unknown names and mistyped values, changing nothing', async () => {
    for (const body of [
      '{"siwe":"yes"}',
      '{"strictSdk":1}',
      '{"emailSendsPerHour":-1}',
      '{"emailSendsPerSecond":1.5}',
      '{"siwe":true,"nope":1}',
      '{"toString":true}',
      '{}',
      '[]',
      'not json',
    ]) {
      expect((await post(body)).status).toBe(400)
    }
    expect(await (await fetch(`${stack.provider.url}/_dev/config`)).json()).toEqual(DEFAULTS)
    expect(await bootstrapSiwe()).toBe(false)
  })
})
