/** Contract: the real SDK signs in with an Ethereum wallet (viem private-key account), plain and SIWE. */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSdkClient, type SdkHandle } from '../testing/sdk-in-jsdom.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let plain: TestStack
let siwe: TestStack
let sdk: SdkHandle | undefined

beforeAll(async () => {
  ;[plain, siwe] = await Promise.all([startTestStack(), startTestStack({ siwe: true })])
})
afterEach(() => sdk?.dispose())
afterAll(() => Promise.all([plain.close(), siwe.close()]))

async function client(stack: TestStack) {
  sdk = await createSdkClient(stack.provider.url, stack.publicToken)
  return sdk.client
}

describe('crypto wallet', () => {
  it('signs in with a signature over the issued challenge', async () => {
    const stytch = await client(plain)
    const account = privateKeyToAccount(generatePrivateKey())
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' }
    const { challenge } = await stytch.cryptoWallets.authenticateStart(wallet)
    expect(challenge).toContain(`Signing in with Project: ${plain.projectId}`)
    const signature = await account.signMessage({ message: challenge })
    const result = await stytch.cryptoWallets.authenticate({
      ...wallet,
      signature,
      session_duration_minutes: 60,
    })
    expect(result.user.crypto_wallets[0]).toMatchObject({
      crypto_wallet_address: account.address.toLowerCase(),
      crypto_wallet_type: 'ethereum',
      verified: true,
    })
    expect(result.session.authentication_factors[0]).toMatchObject({
      delivery_method: 'crypto_wallet',
      crypto_wallet_factor: { crypto_wallet_address: account.address.toLowerCase() },
    })
    await stytch.session.revoke()
  })

  it('starts a secondary wallet factor only for a live session', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const body = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' }
    const path = '/crypto_wallets/authenticate/start/secondary'
    const without = await plain.sdk(path, { body })
    expect(without.status).toBe(404)
    expect(await without.json()).toMatchObject({ error_type: 'session_not_found' })
    const { session_token } = await plain.signIn('wallet-owner@example.com')
    expect((await plain.sdk(path, { body, sessionToken: session_token })).status).toBe(200)
  })

  it('refuses a signature from another key, a malformed one, and a bad address', async () => {
    const stytch = await client(plain)
    const account = privateKeyToAccount(generatePrivateKey())
    const other = privateKeyToAccount(generatePrivateKey())
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' }
    const { challenge } = await stytch.cryptoWallets.authenticateStart(wallet)
    const forged = await other.signMessage({ message: challenge })
    const options = { ...wallet, session_duration_minutes: 60 }
    await expect(
      stytch.cryptoWallets.authenticate({ ...options, signature: forged }),
    ).rejects.toMatchObject({
      error_type: 'unable_to_authenticate_crypto_wallet',
      status_code: 401,
    })
    await expect(
      stytch.cryptoWallets.authenticate({ ...options, signature: '0x1234' }),
    ).rejects.toMatchObject({ error_type: 'invalid_signature', status_code: 400 })
    await expect(
      stytch.cryptoWallets.authenticateStart({ ...wallet, crypto_wallet_address: '0xnope' }),
    ).rejects.toMatchObject({ error_type: 'invalid_ethereum_address' })
  })

  it('issues a Sign-In With Ethereum message when SIWE is on', async () => {
    const stytch = await client(siwe)
    const account = privateKeyToAccount(generatePrivateKey())
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' }
    const { challenge } = await stytch.cryptoWallets.authenticateStart({
      ...wallet,
      siwe_params: { statement: 'Sign in to IYK Cards', chain_id: '11155111' },
    })
    const message = parseSiweMessage(challenge)
    expect(message).toMatchObject({
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      address: account.address,
      chainId: 11155111,
      version: '1',
      statement: 'Sign in to IYK Cards',
    })
    expect(message.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    const signature = await account.signMessage({ message: challenge })
    await expect(
      stytch.cryptoWallets.authenticate({ ...wallet, signature, session_duration_minutes: 60 }),
    ).resolves.toMatchObject({ user: { crypto_wallets: [{ verified: true }] } })
    await stytch.session.revoke()
  })
})
