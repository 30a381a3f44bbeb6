/**
 * The wallet journeys in real Chromium against the production build and the local stack, with
 * the test-only key-backed wallet (its key put in localStorage by an init script): connect,
 * reconnect after a reload, disconnect, the persisted `cache`; sign-in with SIWE off and on;
 * a wallet that already trusts the site (reconnected on load, and not after a sign-out); a
 * declined signature and a refused one. The other wallet states (locked, another chain, a changed account, two wallets)
 * are component tests: src/features/wallet/wallet-sign-in-states.test.tsx.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { parseSiweMessage } from 'viem/siwe'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome, setProviderConfig, signInWithCode } from './support/stack.ts'
import { addTestWallet, pastWalletCacheWrite, watchTestWallet } from './support/test-wallet.ts'
import { appUrl } from './support/test-stack.ts'
import { signOut } from './support/holder.ts'
import { scaled, waitingFor } from './support/deadline.ts'

const suite = browserSuite()

afterEach(async () => {
  await setSiwe(false)
})

const setSiwe = (siwe: boolean) => setProviderConfig({ siwe })

/** A page whose browser has the test wallet, with a fresh key (so a fresh provider user). */
async function pageWithWallet(): Promise<{ page: Page; address: string }> {
  const context = await suite.newContext()
  const address = await addTestWallet(context)
  return { page: await context.newPage(), address }
}

const setMode = (page: Page, mode: 'reject-sign' | 'wrong-key') =>
  page.evaluate((value) => localStorage.setItem('iyk-test-wallet-mode', value), mode)

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** wagmi's "disconnected" shim for the test wallet, which sign-out leaves (decision 020). */
const DISCONNECTED_MARKER = 'wagmi.iyk-test-wallet.disconnected'

async function startWalletSignIn(page: Page) {
  await page.goto(appUrl + '/auth/email')
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
  await page.getByRole('button', { name: 'Use Test wallet' }).click()
}

/**
 * A wallet sign-in with the test wallet in `mode`, from a fresh page: the page says `message` and
 * stays on /auth/email; returns the page.
 */
async function refusedWalletSignIn(mode: 'reject-sign' | 'wrong-key', message: string) {
  const { page } = await pageWithWallet()
  await page.goto(appUrl + '/auth/email')
  await setMode(page, mode)
  await startWalletSignIn(page)
  await expect
    .poll(
      () => page.getByTestId('wallet-sign-in-error').textContent(),
      waitingFor('the wallet sign-in’s error'),
    )
    .toContain(message)
  expect(new URL(page.url()).pathname).toBe('/auth/email')
  return page
}

/** A signed-in holder who connected the test wallet on /account. */
async function signedInWithWalletConnected(): Promise<{ page: Page; address: string }> {
  const { page, address } = await pageWithWallet()
  await signInWithCode(page)
  await expectEventsHome(page)
  await page.goto(appUrl + '/account')
  await page.getByRole('button', { name: 'Connect Test wallet' }).click()
  await expect
    .poll(
      () => page.getByTestId('wallet-address').textContent(),
      waitingFor('the wallet’s address on the account page'),
    )
    .toBe(short(address))
  return { page, address }
}

describe('wallet on the account page', () => {
  it('connects, reconnects after a reload, persists the cache, disconnects', async () => {
    const { page, address } = await signedInWithWalletConnected()
    await expect
      .poll(
        () => page.getByTestId('wallet-chain').textContent(),
        waitingFor('the chain “Ethereum”'),
      )
      .toBe('Ethereum')
    // Nothing serves the default RPC URLs: the balance says so, the wallet stays connected.
    await page.getByTestId('wallet-rpc-error').waitFor()

    await page.getByRole('button', { name: 'Switch to Sepolia' }).click()
    await expect
      .poll(() => page.getByTestId('wallet-chain').textContent(), waitingFor('the chain “Sepolia”'))
      .toBe('Sepolia')

    const cache = () => page.evaluate(() => localStorage.getItem('cache'))
    await expect
      .poll(cache, { message: 'the wallet’s cache written', timeout: scaled(5000) })
      .not.toBeNull()
    expect(JSON.parse((await cache()) ?? '{}')).toHaveProperty('clientState')

    await page.reload()
    await expect
      .poll(
        () => page.getByTestId('wallet-address').textContent(),
        waitingFor('the wallet’s address after a reload'),
      )
      .toBe(short(address))

    await page.getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('button', { name: 'Connect Test wallet' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Connect Test wallet' }).waitFor()
    expect(await page.getByTestId('wallet-connected').count()).toBe(0)
  })
})

describe('a shared phone', () => {
  it('sign-out forgets the wallet: the next holder sees no address, no connection, no cached balance', async () => {
    const { page, address } = await signedInWithWalletConnected()
    const walletKeys = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key === 'cache' || key.startsWith('wagmi.')),
      )
    await expect
      .poll(walletKeys, { message: 'the wallet’s cache kept', timeout: scaled(5000) })
      .toContain('cache')

    await signOut(page)
    // Past a cache write still pending from before the sign-out: nothing of the wallet comes back.
    await pastWalletCacheWrite(page)
    // Only wagmi's "disconnected" marker for the wallet stays: it names the wallet, not the holder.
    expect(await walletKeys()).toEqual([DISCONNECTED_MARKER])
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
      address.slice(2).toLowerCase(),
    )

    // The next holder, in the same tab and after a reload, finds no wallet connected.
    await signInWithCode(page)
    await expectEventsHome(page)
    await page.goto(appUrl + '/account')
    await page.getByRole('button', { name: 'Connect Test wallet' }).waitFor()
    expect(await page.getByTestId('wallet-connected').count()).toBe(0)
    await page.reload()
    await page.getByRole('button', { name: 'Connect Test wallet' }).waitFor()
    expect(await page.getByTestId('wallet-address').count()).toBe(0)
  })

  it('a wallet that still trusts the site stays disconnected after sign-out: never reconnected for the next holder, until they choose it', async () => {
    const context = await suite.newContext()
    const address = await addTestWallet(context, { trusted: true })
    const asked = await watchTestWallet(context)
    const page = await context.newPage()
    await signInWithCode(page)
    await expectEventsHome(page)
    // The first holder's wallet trusts the site: wagmi reconnects it as the wallet code loads.
    await page.goto(appUrl + '/account')
    await expect
      .poll(
        () => page.getByTestId('wallet-address').textContent(),
        waitingFor('the wallet’s address on the account page'),
      )
      .toBe(short(address))

    await signOut(page)
    await pastWalletCacheWrite(page)
    expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({
      [DISCONNECTED_MARKER]: 'true',
    })

    // The next holder: their account page, opened and reloaded, finds no wallet connected, and
    // wagmi asked the wallet nothing (it passes a marked wallet by before asking its accounts).
    asked.length = 0
    await signInWithCode(page)
    await expectEventsHome(page)
    const firstWalletShown = async () => {
      const text = (await page.locator('body').textContent()) ?? ''
      return text.includes(short(address)) || text.toLowerCase().includes(address.toLowerCase())
    }
    for (const open of [() => page.goto(appUrl + '/account'), () => page.reload()]) {
      await open()
      await page.getByRole('button', { name: 'Connect Test wallet' }).waitFor()
      expect(await page.getByTestId('wallet-connected').count()).toBe(0)
      expect(await firstWalletShown(), 'the first holder’s address on the page').toBe(false)
    }
    expect(asked).toEqual([])

    // Choosing the wallet still connects it, and asks it to (a wallet reconnected by wagmi would
    // be used without asking, decision 020).
    await page.getByRole('button', { name: 'Connect Test wallet' }).click()
    await expect
      .poll(
        () => page.getByTestId('wallet-address').textContent(),
        waitingFor('the wallet’s address after connecting'),
      )
      .toBe(short(address))
    expect(asked).toContain('eth_requestAccounts')
    expect(await page.evaluate((key) => localStorage.getItem(key), DISCONNECTED_MARKER)).toBeNull()
  })
})

describe('sign-in with a wallet', () => {
  it('signs the challenge and lands on the signed-in home with events (SIWE off)', async () => {
    const { page } = await pageWithWallet()
    const start = page.waitForResponse((response) =>
      response.url().includes('/crypto_wallets/authenticate/start/primary'),
    )
    await startWalletSignIn(page)
    const { data } = (await (await start).json()) as { data: { challenge: string } }
    expect(data.challenge).toMatch(/^Signing in with Project: /)
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    await page.goto(appUrl + '/account')
    await page.getByText('a wallet', { exact: true }).waitFor()
  })

  it('signs a Sign-In With Ethereum message when the project asks for SIWE', async () => {
    await setSiwe(true)
    const { page, address } = await pageWithWallet()
    const start = page.waitForResponse((response) =>
      response.url().includes('/crypto_wallets/authenticate/start/primary'),
    )
    await startWalletSignIn(page)
    const { data } = (await (await start).json()) as { data: { challenge: string } }
    expect(parseSiweMessage(data.challenge)).toMatchObject({
      address,
      chainId: 1,
      domain: new URL(appUrl).host,
      statement: 'Sign in to IYK Cards.',
    })
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
  })

  it('a wallet that already trusts the site, reconnected as the wallet code loads, signs in: asked to sign once, no connect prompt', async () => {
    const context = await suite.newContext()
    await addTestWallet(context, { trusted: true })
    const asked = await watchTestWallet(context)
    const page = await context.newPage()
    await page.goto(appUrl + '/auth/email')
    await page.getByRole('button', { name: 'Sign in with a wallet' }).click()
    await page.getByRole('button', { name: 'Use Test wallet' }).waitFor()
    // wagmi reconnects the trusting wallet (reading its accounts) as the code loads: choose it
    // only then, as a holder does, which is when "Connector already connected." used to show.
    await expect
      .poll(() => asked.includes('eth_accounts'), {
        message: 'wagmi reconnected the trusted wallet',
        timeout: scaled(10_000),
      })
      .toBe(true)
    await page.getByRole('button', { name: 'Use Test wallet' }).click()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
    expect(asked.filter((method) => method === 'personal_sign')).toHaveLength(1)
    expect(asked).not.toContain('eth_requestAccounts')
  })

  it('a declined signature says so, and the next try works', async () => {
    const page = await refusedWalletSignIn('reject-sign', 'You declined the request in your wallet')

    await page.evaluate(() => localStorage.removeItem('iyk-test-wallet-mode'))
    await page.getByRole('button', { name: /^Sign in with wallet 0x/ }).click()
    await page.waitForURL(appUrl + '/')
    await expectEventsHome(page)
  })

  it('a signature from another key is refused with a clear message', async () => {
    await refusedWalletSignIn('wrong-key', 'The signature did not match this wallet')
  })
})
