/**
 * Wallet sign-in from every state a real browser wallet is in (decision 020), with fake EIP-1193
 * wallets announced through EIP-6963, so wagmi's own injected connector and reconnect run as they
 * do with MetaMask, Rabby or Coinbase Wallet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { WalletRoot } from './wallet-root.tsx'
import { WalletSignInBody } from './wallet-sign-in.tsx'
import {
  ACCOUNT_CHANGED_MESSAGE,
  DECLINED_MESSAGE,
  GENERIC_WALLET_MESSAGE,
  PENDING_MESSAGE,
  WALLET_LOCKED_MESSAGE,
} from './wallet-errors.ts'
import { RECONNECT_WAIT_MS } from './wallet-sign-in-flow.ts'
import {
  fakeAddress,
  fakeWallet,
  fakeWalletProvider,
  fakeWalletSetup,
  SESSION,
} from './fake-wallet.test-support.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const ACCOUNT_CHANGED_TEXT = i18n._(ACCOUNT_CHANGED_MESSAGE)
const DECLINED_TEXT = i18n._(DECLINED_MESSAGE)
const GENERIC_WALLET_TEXT = i18n._(GENERIC_WALLET_MESSAGE)
const PENDING_TEXT = i18n._(PENDING_MESSAGE)
const WALLET_LOCKED_TEXT = i18n._(WALLET_LOCKED_MESSAGE)

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }))
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))

type Wallet = ReturnType<typeof fakeWallet>

/** Generous, as the DOM queries' waits: a busy shared machine must not fail a correct test. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000 })

let stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  reportError.mockClear()
})

/** The sign-in with `wallets` announced, as the holder finds it once they chose the wallet option. */
function renderSignIn(
  wallets: Wallet[],
  { start = 'choose', onStart }: { start?: 'idle' | 'choose'; onStart?(): void } = {},
) {
  stops.push(...wallets.map((wallet) => wallet.announce()))
  const setup = fakeWalletSetup()
  const complete = vi.fn(async () => {})
  const fake = fakeWalletProvider(onStart)
  render(
    <WalletRoot setup={setup}>
      <WalletSignInBody complete={complete} provider={fake.provider} start={start} />
    </WalletRoot>,
  )
  return { setup, complete, ...fake }
}

/** Waits until wagmi has reconnected the wallets that trust the site (as it does on load). */
async function reconnected(setup: ReturnType<typeof fakeWalletSetup>) {
  await eventually(() => expect(setup.config.state.status, 'wagmi reconnected').toBe('connected'))
}

const choose = async (name: string) =>
  userEvent.click(await screen.findByRole('button', { name: `Use ${name}` }))

/** Every signature sent was made by the account the challenge was for. */
function expectHonestSignatures(authenticated: { address: string; signer: string }[]) {
  for (const { address, signer } of authenticated) {
    expect(signer.toLowerCase(), 'signature sent for another account').toBe(address.toLowerCase())
  }
}

/** Holds `wallet`'s answers to `method` until released (released after the test in any case). */
function hold(wallet: Wallet, method: string): () => void {
  const release = wallet.hold(method)
  stops.push(release)
  return release
}

/** A trusted wallet with two accounts that signs with its selected one, whatever it is asked. */
const signsWithSelected = () =>
  fakeWallet({
    name: 'Alpha',
    rdns: 'com.alpha',
    trusted: true,
    accounts: [0, 1],
    signsWithSelected: true,
  })

/**
 * The connect prompts a wallet shows (account access, unlock): wagmi's connect asks for access
 * once, which unlocks a locked wallet too, and then needs no `eth_requestAccounts`.
 */
const prompts = (wallet: Wallet) =>
  wallet.count('wallet_requestPermissions') + wallet.count('eth_requestAccounts')

describe('(a) a wallet not yet allowed on this site', () => {
  it('asks the wallet for access, then for one signature, and signs the holder in', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' })
    const { complete, started, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha)).toBe(1)
    expect(alpha.count('personal_sign')).toBe(1)
    expect(started).toEqual([{ address: fakeAddress(0), chainId: 1 }])
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })
})

describe('(b) a wallet that already trusts the site (wagmi reconnected it as the code loaded)', () => {
  it('choosing it goes straight to the challenge and one signature: no connect error, no prompt', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const { setup, complete, authenticated } = renderSignIn([alpha])
    await reconnected(setup)
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
    expect(prompts(alpha)).toBe(0)
    expect(alpha.count('personal_sign')).toBe(1)
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })

  it('chosen while wagmi is still reconnecting: waits for it, still no prompt', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const release = hold(alpha, 'eth_accounts')
    const { setup, complete } = renderSignIn([alpha])
    await eventually(() =>
      expect(alpha.count('eth_accounts'), "wagmi's reconnect asks for the accounts, held").toBe(1),
    )
    await choose('Alpha')
    // wagmi's reconnect on load says 'connecting' when nothing was current before, as here.
    expect(setup.config.state.status, 'still reconnecting at the click').toBe('connecting')
    expect(setup.config.state.connections.size).toBe(0)
    release()
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha)).toBe(0)
    expect(alpha.count('personal_sign')).toBe(1)
  })

  it('reconnected only after the wait for it ended (a slow wallet): connected once more, signs', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const release = hold(alpha, 'eth_accounts')
    const { setup, complete, authenticated } = renderSignIn([alpha])
    await eventually(() =>
      expect(alpha.count('eth_accounts'), "wagmi's reconnect asks for the accounts, held").toBe(1),
    )
    await choose('Alpha')
    // The wait is over while wagmi still reconnects: the wallet is connected (asked) meanwhile.
    await vi.waitFor(() => expect(prompts(alpha)).toBe(1), {
      timeout: RECONNECT_WAIT_MS + 5000,
    })
    expect(setup.config.state.connections.size, 'the reconnect still waits on the wallet').toBe(0)
    release()
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha), 'the reconnect, answered late, asks nothing more').toBe(1)
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
    expect(alpha.count('personal_sign')).toBe(1)
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })

  it('offered as "Sign in with wallet 0x…", which signs with the account wagmi has', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const { complete, started } = renderSignIn([alpha], { start: 'idle' })
    await userEvent.click(await screen.findByRole('button', { name: /^Sign in with wallet 0x/ }))
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(started).toEqual([{ address: fakeAddress(0), chainId: 1 }])
    expect(prompts(alpha)).toBe(0)
  })
})

describe('(c) a locked wallet (no accounts until it asks)', () => {
  it('is not reconnected; choosing it asks the wallet to unlock, then signs', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true, locked: true })
    const { setup, complete, authenticated } = renderSignIn([alpha])
    await eventually(() => expect(setup.config.state.status).toBe('disconnected'))
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha)).toBe(1)
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })

  it('locked after wagmi reconnected it, saying so: asks to unlock again rather than failing', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const { setup, complete } = renderSignIn([alpha], { start: 'idle' })
    await screen.findByRole('button', { name: /^Sign in with wallet 0x/ })
    await reconnected(setup)
    alpha.lock()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a wallet' }))
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha)).toBe(1)
  })

  it('locked without a word since wagmi reconnected it: wagmi keeps it, choosing it asks to unlock, then signs', async () => {
    const alpha = fakeWallet({
      name: 'Alpha',
      rdns: 'com.alpha',
      trusted: true,
      locksSilently: true,
    })
    const { setup, complete, authenticated } = renderSignIn([alpha], { start: 'idle' })
    await reconnected(setup)
    alpha.lock()
    await userEvent.click(await screen.findByRole('button', { name: /^Sign in with wallet 0x/ }))
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha)).toBe(1)
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })

  it('locked while the message is prepared: says the wallet locked, nothing signed or sent', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const { complete, authenticated } = renderSignIn([alpha], { onStart: () => alpha.lock() })
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(WALLET_LOCKED_TEXT)
    expect(alpha.count('personal_sign')).toBe(0)
    expect(authenticated).toEqual([])
    expect(complete).not.toHaveBeenCalled()
    expect(reportError).not.toHaveBeenCalled()
  })

  it('locked in the signing prompt of a wallet that signs anyway: that signature is dropped, says it locked', async () => {
    const alpha = signsWithSelected()
    alpha.whileAsked('personal_sign', () => alpha.lock())
    const { complete, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(WALLET_LOCKED_TEXT)
    expect(alpha.count('personal_sign')).toBe(1)
    expect(authenticated).toEqual([])
    expect(complete).not.toHaveBeenCalled()
  })
})

describe('(d) a wallet on another chain', () => {
  it('on Sepolia: the message names Sepolia; no chain switch is asked', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true, chainId: 11155111 })
    const { complete, started } = renderSignIn([alpha])
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalled())
    expect(started).toEqual([{ address: fakeAddress(0), chainId: 11155111 }])
    expect(alpha.count('wallet_switchEthereumChain')).toBe(0)
  })

  it('on a chain the app does not use (Polygon): the message names Ethereum; signed as it is', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', chainId: 137 })
    const { complete, started, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalled())
    expect(started).toEqual([{ address: fakeAddress(0), chainId: 1 }])
    expect(alpha.count('wallet_switchEthereumChain')).toBe(0)
    expectHonestSignatures(authenticated)
  })

  it('moved to another chain while the message is prepared: signs anyway (personal_sign is chain-free)', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    const { complete, started, authenticated } = renderSignIn([alpha], {
      onStart: () => alpha.setChain(11155111),
    })
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalled())
    expect(started).toEqual([{ address: fakeAddress(0), chainId: 1 }])
    expect(alpha.count('personal_sign')).toBe(1)
    expect(alpha.count('wallet_switchEthereumChain')).toBe(0)
    expect(authenticated).toEqual([{ address: fakeAddress(0), signer: fakeAddress(0) }])
  })
})

describe('(e) the account changes between connect and signature', () => {
  it('switched while the message is prepared: starts over for the new account, never signs for the old', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true, accounts: [0, 1] })
    let switched = false
    const { complete, started, authenticated } = renderSignIn([alpha], {
      onStart: () => {
        if (switched) return
        switched = true
        alpha.select(1)
      },
    })
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(started.map((item) => item.address)).toEqual([fakeAddress(0), fakeAddress(1)])
    expect(alpha.count('personal_sign')).toBe(1)
    expect(authenticated).toEqual([{ address: fakeAddress(1), signer: fakeAddress(1) }])
  })

  it('switched in the signing prompt of a wallet that signs with its selected account: that signature is dropped', async () => {
    const alpha = signsWithSelected()
    alpha.whileAsked('personal_sign', () => alpha.select(1))
    const { complete, started, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(started.map((item) => item.address)).toEqual([fakeAddress(0), fakeAddress(1)])
    expect(authenticated).toEqual([{ address: fakeAddress(1), signer: fakeAddress(1) }])
  })

  it('switching again after the restart: says so, and sends nothing', async () => {
    const alpha = signsWithSelected()
    let next = 1
    alpha.whileAsked('personal_sign', () => {
      alpha.select(next)
      next = 1 - next
    })
    const { complete, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(
      ACCOUNT_CHANGED_TEXT,
    )
    expect(authenticated).toEqual([])
    expect(complete).not.toHaveBeenCalled()
  })
})

describe('(f) two wallets announced', () => {
  it('lists both; choosing the other one works while the first is connected', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true, accounts: [0] })
    const beta = fakeWallet({ name: 'Beta', rdns: 'com.beta', accounts: [1] })
    const { setup, complete, authenticated } = renderSignIn([alpha, beta])
    await reconnected(setup)
    expect(await screen.findByRole('button', { name: 'Use Alpha' })).toBeEnabled()
    await choose('Beta')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(beta)).toBe(1)
    expect(beta.count('personal_sign')).toBe(1)
    expect(alpha.count('personal_sign')).toBe(0)
    expect(authenticated).toEqual([{ address: fakeAddress(1), signer: fakeAddress(1) }])
  })

  it('both trusted and reconnected: the one chosen signs, with no prompt, whichever wagmi made current', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true, accounts: [0] })
    const beta = fakeWallet({ name: 'Beta', rdns: 'com.beta', trusted: true, accounts: [1] })
    const { setup, complete, authenticated } = renderSignIn([alpha, beta])
    await reconnected(setup)
    await eventually(() => expect(setup.config.state.connections.size).toBe(2))
    const current = setup.config.state.connections.get(setup.config.state.current ?? '')
    const other = current?.connector.name === 'Alpha' ? beta : alpha
    const otherName = other === alpha ? 'Alpha' : 'Beta'
    await choose(otherName)
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(prompts(alpha) + prompts(beta)).toBe(0)
    expect(other.count('personal_sign')).toBe(1)
    expect((other === alpha ? beta : alpha).count('personal_sign')).toBe(0)
    expectHonestSignatures(authenticated)
  })
})

describe('(g) the holder says no, or the wallet is busy', () => {
  it('declining the signature says so; one tap tries again', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    alpha.refuse('personal_sign', 4001)
    const { complete, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(DECLINED_TEXT)
    expect(authenticated).toEqual([])
    alpha.refuse('personal_sign', null)
    await userEvent.click(screen.getByRole('button', { name: /^Sign in with wallet 0x/ }))
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
  })

  it('declining access says so; choosing the wallet again works', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' })
    alpha.refuse('wallet_requestPermissions', 4001)
    const { complete } = renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(DECLINED_TEXT)
    alpha.refuse('wallet_requestPermissions', null)
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a wallet' }))
    await choose('Alpha')
    await eventually(() => expect(complete).toHaveBeenCalledWith(SESSION, '/'))
  })

  it('a request already showing in the wallet (-32002) says to answer it there', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' })
    alpha.refuse('wallet_requestPermissions', -32002)
    renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(PENDING_TEXT)
    expect(reportError).not.toHaveBeenCalled()
  })

  it('Cancel while the wallet never answers: back to the start, nothing sent', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    alpha.whileAsked('personal_sign', () => new Promise<void>(() => {}))
    const { complete, authenticated } = renderSignIn([alpha])
    await choose('Alpha')
    await screen.findByText(/Check Alpha: sign the message/)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('button', { name: /^Sign in with wallet 0x/ })).toBeEnabled()
    expect(screen.queryByTestId('wallet-sign-in-error')).toBeNull()
    expect(authenticated).toEqual([])
    expect(complete).not.toHaveBeenCalled()
  })

  it('a wallet error nobody knows: generic words, and it is reported', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha', trusted: true })
    alpha.refuse('personal_sign', 1234)
    renderSignIn([alpha])
    await choose('Alpha')
    expect(await screen.findByTestId('wallet-sign-in-error')).toHaveTextContent(GENERIC_WALLET_TEXT)
    expect(reportError).toHaveBeenCalledWith(expect.anything(), {
      op: 'wallet-sign-in',
      step: 'sign',
    })
  })
})
