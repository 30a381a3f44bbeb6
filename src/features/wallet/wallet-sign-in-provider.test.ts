/** The provider's crypto-wallet calls: only a network failure reads as "unreachable", never a bug. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ProviderClientModule from '../../shared/provider-client.ts'
import { SERVICE_UNREACHABLE_MESSAGE } from '../../shared/provider-errors.ts'
import { describeWalletError, GENERIC_WALLET_MESSAGE } from './wallet-errors.ts'
import { SignInServiceUnreachableError, stytchWalletSignIn } from './wallet-sign-in-provider.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const SERVICE_UNREACHABLE_TEXT = i18n._(SERVICE_UNREACHABLE_MESSAGE)
const GENERIC_WALLET_TEXT = i18n._(GENERIC_WALLET_MESSAGE)

const { loadProviderClient, authenticateStart } = vi.hoisted(() => ({
  loadProviderClient: vi.fn(),
  authenticateStart: vi.fn(),
}))
vi.mock('../../shared/provider-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ProviderClientModule>()),
  loadProviderClient,
}))

const address = '0x00000000000000000000000000000000000000a1'

beforeEach(() => {
  authenticateStart.mockReset()
  loadProviderClient.mockReset()
  loadProviderClient.mockResolvedValue({ cryptoWallets: { authenticateStart } })
})

/** What `start` rejects with. */
async function startFailure() {
  try {
    await stytchWalletSignIn.start(address, 1)
  } catch (error) {
    return error
  }
  throw new Error('start did not fail')
}

describe('stytchWalletSignIn', () => {
  it('returns the challenge', async () => {
    authenticateStart.mockResolvedValue({ challenge: 'sign me' })
    await expect(stytchWalletSignIn.start(address, 1)).resolves.toBe('sign me')
  })

  it.each([
    ['Chromium', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
  ])('a request failing on the network (%s) is the service being unreachable', async (_, text) => {
    const offline = new TypeError(text)
    authenticateStart.mockRejectedValue(offline)
    const error = await startFailure()
    expect(error).toBeInstanceOf(SignInServiceUnreachableError)
    expect((error as Error).cause).toBe(offline)
    expect(describeWalletError(error)).toEqual({ text: SERVICE_UNREACHABLE_TEXT, known: true })
  })

  it('the SDK code failing to load is the service being unreachable', async () => {
    loadProviderClient.mockRejectedValue(
      new TypeError('Failed to fetch dynamically imported module: /assets/headless.js'),
    )
    const error = await startFailure()
    expect(error).toBeInstanceOf(SignInServiceUnreachableError)
    expect(describeWalletError(error)).toEqual({ text: SERVICE_UNREACHABLE_TEXT, known: true })
  })

  it('any other TypeError is a bug: passed on as it is, generic words, to be reported', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'challenge')")
    authenticateStart.mockRejectedValue(bug)
    const error = await startFailure()
    expect(error).toBe(bug)
    expect(describeWalletError(error)).toEqual({ text: GENERIC_WALLET_TEXT, known: false })
  })
})
