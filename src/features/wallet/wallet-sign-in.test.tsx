import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { WalletRoot } from './wallet-root.tsx'
import { WalletSignInBody } from './wallet-sign-in.tsx'
import {
  DECLINED_MESSAGE,
  GENERIC_WALLET_MESSAGE,
  WRONG_SIGNATURE_MESSAGE,
} from './wallet-errors.ts'
import {
  SignInServiceUnreachableError,
  type WalletSignInProvider,
} from './wallet-sign-in-provider.ts'
import { TEST_PRIVATE_KEY, testWalletSetup } from './wallet.test-support.ts'
import { TEST_WALLET_TRUSTED_KEY } from './wallet-test-connector.ts'
import { SignInDeadlineError } from '../../shared/provider-client.ts'
import { SERVICE_UNREACHABLE_MESSAGE } from '../../shared/provider-errors.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const DECLINED_TEXT = i18n._(DECLINED_MESSAGE)
const GENERIC_WALLET_TEXT = i18n._(GENERIC_WALLET_MESSAGE)
const WRONG_SIGNATURE_TEXT = i18n._(WRONG_SIGNATURE_MESSAGE)
const SERVICE_UNREACHABLE_TEXT = i18n._(SERVICE_UNREACHABLE_MESSAGE)

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }))
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))

afterEach(() => {
  reportError.mockClear()
})

const address = privateKeyToAccount(TEST_PRIVATE_KEY).address
const CHALLENGE = 'Signing in with Project: test\nNonce: 1234'
const DATA: AuthenticateData = {
  session_token: 'token',
  session_jwt: 'jwt',
  session: { expires_at: '2030-01-01T00:00:00Z' },
  user: { user_id: 'user-1', emails: [] },
}

function renderSignIn(
  provider: Partial<WalletSignInProvider> = {},
  redirect?: string,
  start: 'idle' | 'choose' = 'idle',
) {
  const complete = vi.fn(async () => {})
  const fake: WalletSignInProvider = {
    start: vi.fn(async () => CHALLENGE),
    authenticate: vi.fn(async () => DATA),
    ...provider,
  }
  const setup = testWalletSetup()
  render(
    <WalletRoot setup={setup}>
      <WalletSignInBody complete={complete} provider={fake} redirect={redirect} start={start} />
    </WalletRoot>,
  )
  return { complete, provider: fake, setup }
}

async function signInWithTestWallet() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Sign in with a wallet' }))
  await user.click(await screen.findByRole('button', { name: 'Use Test wallet' }))
}

describe('WalletSignIn', () => {
  it('connects, signs the challenge and hands the session over', async () => {
    const { complete, provider } = renderSignIn({}, '/account')
    await signInWithTestWallet()
    await vi.waitFor(() => expect(complete).toHaveBeenCalledWith(DATA, '/account'))
    expect(provider.start).toHaveBeenCalledWith(address, 1)
    const [signedBy, signature] = vi.mocked(provider.authenticate).mock.calls[0] ?? []
    expect(signedBy).toBe(address)
    expect(await recoverMessageAddress({ message: CHALLENGE, signature: signature as Hex })).toBe(
      address,
    )
  })

  it('the test wallet switched to "already trusted" is reconnected on load and signs in without connecting', async () => {
    localStorage.setItem(TEST_WALLET_TRUSTED_KEY, '1')
    const { complete, provider, setup } = renderSignIn({}, '/account', 'choose')
    await vi.waitFor(() =>
      expect(setup.config.state.status, 'wagmi reconnected the test wallet').toBe('connected'),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Use Test wallet' }))
    await vi.waitFor(() => expect(complete).toHaveBeenCalledWith(DATA, '/account'))
    expect(provider.start).toHaveBeenCalledWith(address, 1)
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
  })

  it('a declined signature says so and nothing is sent', async () => {
    localStorage.setItem('iyk-test-wallet-mode', 'reject-sign')
    const { complete, provider } = renderSignIn()
    await signInWithTestWallet()
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(DECLINED_TEXT)
    expect(provider.authenticate).not.toHaveBeenCalled()
    expect(complete).not.toHaveBeenCalled()
    // Connected now: one click to try again.
    expect(screen.getByRole('button', { name: /^Sign in with wallet 0x/ })).toBeEnabled()
  })

  it('a signature the provider refuses says so', async () => {
    const refused = Object.assign(new Error('refused'), {
      error_type: 'unable_to_authenticate_crypto_wallet',
      status_code: 401,
    })
    const { complete } = renderSignIn({ authenticate: vi.fn(async () => Promise.reject(refused)) })
    await signInWithTestWallet()
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(
      WRONG_SIGNATURE_TEXT,
    )
    expect(complete).not.toHaveBeenCalled()
  })

  it('a provider that does not answer in time says so', async () => {
    renderSignIn({ start: vi.fn(async () => Promise.reject(new SignInDeadlineError())) })
    await signInWithTestWallet()
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(
      'The sign-in service is not answering. Check your connection and try again.',
    )
  })

  it('an unreachable provider says so, and is not reported', async () => {
    const offline = new SignInServiceUnreachableError(new TypeError('Load failed'))
    renderSignIn({ start: vi.fn(async () => Promise.reject(offline)) })
    await signInWithTestWallet()
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(
      SERVICE_UNREACHABLE_TEXT,
    )
    expect(reportError).not.toHaveBeenCalled()
  })

  it('a TypeError that is no network failure (a bug) is not called "unreachable": generic words, reported', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'challenge')")
    renderSignIn({ start: vi.fn(async () => Promise.reject(bug)) })
    await signInWithTestWallet()
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(GENERIC_WALLET_TEXT)
    expect(reportError).toHaveBeenCalledWith(bug, { op: 'wallet-sign-in', step: 'start' })
  })
})
