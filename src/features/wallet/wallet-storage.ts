/**
 * What the wallet keeps in the page's storage, and forgetting it: wagmi's connection state
 * (`wagmi.*`) and the persisted chain-data cache (`cache`, spec §9). Holds no wallet code, so the
 * session wiring can forget a holder's wallet on sign-out without loading the wallet chunk.
 */

/** Prefix of wagmi's storage keys (`wagmi.store`, `wagmi.recentConnectorId`, …). */
export const WALLET_STORAGE_PREFIX = 'wagmi'

/** localStorage key of the persisted chain-data cache (spec §9). */
export const WALLET_CACHE_KEY = 'cache'

/** What a loaded wallet setup does to drop its in-memory connection and cache. */
type WalletReset = () => void

let loadedReset: WalletReset | null = null

/** The wallet chunk registers how to reset itself once it has set up; one at a time. */
export function onWalletForget(reset: WalletReset): void {
  loadedReset = reset
}

/**
 * Forgets the holder's wallet: disconnects a wallet loaded in this page, then removes the
 * connection state and the cached chain data (balances, chain) from storage.
 */
export function forgetWallet(storage: Storage = localStorage): void {
  try {
    loadedReset?.()
  } catch (error) {
    console.warn('Wallet reset failed', error)
  }
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const key of keys) {
      if (key === WALLET_CACHE_KEY || key?.startsWith(`${WALLET_STORAGE_PREFIX}.`)) {
        storage.removeItem(key)
      }
    }
  } catch {
    // Storage unavailable: nothing was kept in it either.
  }
}
