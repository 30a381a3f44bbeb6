/** The browser-test build's key-backed wallet: a fresh key in a context, and connecting it. */
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { appUrl } from './test-stack.ts'
import { scaled } from './deadline.ts'

/**
 * Gives every page of `context` the test wallet with a fresh key (so a fresh provider user);
 * returns its address. The key stays on the phone, like a wallet app: only what the app keeps
 * must go on sign-out. `trusted`: the wallet already allowed this site before the page loads (as
 * MetaMask does once connected here), so it answers `eth_accounts` at once and wagmi reconnects
 * it as the wallet code loads.
 */
export async function addTestWallet(
  context: BrowserContext,
  { trusted = false } = {},
): Promise<`0x${string}`> {
  const key = generatePrivateKey()
  await context.addInitScript(
    ({ value, trust }) => {
      localStorage.setItem('iyk-test-wallet', value)
      if (trust) localStorage.setItem('iyk-test-wallet-trusted', '1')
    },
    { value: key, trust: trusted },
  )
  return privateKeyToAccount(key).address
}

/**
 * Every method the pages of `context` ask of the test wallet, in order, across page loads (the
 * wallet calls the page global `iykTestWalletAsked`, exposed here).
 */
export async function watchTestWallet(context: BrowserContext): Promise<string[]> {
  const asked: string[] = []
  await context.exposeFunction('iykTestWalletAsked', (method: string) => {
    asked.push(method)
  })
  return asked
}

/** Connects the test wallet on /account and waits until its chain-data cache is written too. */
export async function connectTestWallet(page: Page): Promise<void> {
  await page.goto(appUrl + '/account')
  await page.getByRole('button', { name: 'Connect Test wallet' }).click()
  await page.getByTestId('wallet-address').waitFor()
  // The cache write is throttled: wait for it, so that sign-out has it to remove.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cache')), {
      message: 'the wallet’s cache written',
      timeout: scaled(5000),
    })
    .not.toBeNull()
}

/** How long the wallet holds back a cache write (`cacheThrottleMs` in the wallet's settings). */
const WALLET_CACHE_THROTTLE_MS = 1000

/**
 * Resolves once a wallet cache write the page had scheduled (throttled, at most
 * `WALLET_CACHE_THROTTLE_MS` ahead) has run or been dropped: a timer of that length set now in the
 * page comes due after it, in the page's own timer queue.
 */
export function pastWalletCacheWrite(page: Page): Promise<void> {
  return page.evaluate(
    (delay) => new Promise<void>((resolve) => setTimeout(resolve, delay)),
    WALLET_CACHE_THROTTLE_MS,
  )
}
