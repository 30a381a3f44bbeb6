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
  const response = await fetch(
    `${stack.provider.url}/sdk/v1/projects/bootstrap/${stack.publicToken}`,
  )
  const { data } = (await response.json()) as {
    data: { siwe_required_for_crypto_wallets: boolean }
  }
  return data.siwe_required_for_crypto_wallets
}

describe('/_dev/config', () => {
  it('switches SIWE on and off at run time, as bootstrap reports it', async () => {
    expect(await (await fetch(`${stack.provider.url}/_dev/config`)).json()).toEqual({ siwe: false })
    expect(await (await post('{"siwe":true}')).json()).toEqual({ siwe: true })
    expect(await bootstrapSiwe()).toBe(true)
    expect(await (await post('{"siwe":false}')).json()).toEqual({ siwe: false })
    expect(await bootstrapSiwe()).toBe(false)
  })

  it('refuses anything but a boolean', async () => {
    expect((await post('{"siwe":"yes"}')).status).toBe(400)
    expect((await post('not json')).status).toBe(400)
    expect(await bootstrapSiwe()).toBe(false)
  })
})
