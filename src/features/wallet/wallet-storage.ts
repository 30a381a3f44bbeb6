/**
 * What the wallet keeps in the page's storage, and forgetting it: wagmi's connection state
 * (`wagmi.*`) and the persisted chain-data cache (`cache`, spec §9). Holds no wallet code, so the
 * session wiring can forget a holder's wallet on sign-out without loading the wallet chunk.
 */

/** Prefix of wagmi's storage keys (`wagmi.store`, `wagmi.recentConnectorId`, …). */
export const WALLET_STORAGE_PREFIX = 'wagmi'

/** localStorage key of the persisted chain-data cache (spec §9). */
export const WALLET_CACHE_KEY = 'cache'

/**
 * wagmi's "disconnected" shim for the connector `id` (`wagmi.io.metamask.disconnected`): while
 * it is set, the connector's `isAuthorized` says no before it asks the wallet anything, so
 * wagmi's reconnect on load passes it by; a deliberate connect removes it.
 */
export const disconnectedMarkerKey = (id: string) => `${WALLET_STORAGE_PREFIX}.${id}.disconnected`

/** The shim's value as wagmi's storage writes it (its serializer, `true`). */
export const DISCONNECTED_MARKER_VALUE = 'true'

/**
 * What a loaded wallet setup does on forget: drops its in-memory connection and cache, and
 * returns the ids of the wallets it knows (every connector, connected or not).
 */
type WalletReset = () => readonly string[]

let loadedReset: WalletReset | null = null

/** The wallet chunk registers how to reset itself once it has set up; one at a time. */
export function onWalletForget(reset: WalletReset): void {
  loadedReset = reset
}

/** The ids of the wallets this page announces through EIP-6963 (their `rdns`, wagmi's id). */
function announcedWalletIds(): string[] {
  if (typeof window === 'undefined') return []
  const ids: string[] = []
  const collect = (event: Event) => {
    const rdns: unknown = (event as CustomEvent<{ info?: { rdns?: unknown } } | undefined>).detail
      ?.info?.rdns
    if (typeof rdns === 'string') ids.push(rdns)
  }
  // Wallets answer the request as they hear it, so every answer arrives during dispatchEvent.
  window.addEventListener('eip6963:announceProvider', collect)
  try {
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  } finally {
    window.removeEventListener('eip6963:announceProvider', collect)
  }
  return ids
}

/** wagmi's value under `key` (JSON), or undefined when absent or unreadable. */
function readJson(storage: Storage, key: string): unknown {
  try {
    const value = storage.getItem(key)
    return value === null ? undefined : (JSON.parse(value) as unknown)
  } catch {
    return undefined
  }
}

/**
 * The ids of the wallets wagmi's storage names: the connections it kept, the wallet last used,
 * the connectors marked connected and those already marked disconnected.
 */
function storedWalletIds(storage: Storage, keys: readonly (string | null)[]): string[] {
  const ids: string[] = []
  const recent = readJson(storage, `${WALLET_STORAGE_PREFIX}.recentConnectorId`)
  if (typeof recent === 'string') ids.push(recent)
  const store = readJson(storage, `${WALLET_STORAGE_PREFIX}.store`) as
    { state?: { connections?: { value?: unknown } } } | undefined
  const connections = store?.state?.connections?.value
  if (Array.isArray(connections)) {
    for (const entry of connections as unknown[]) {
      const id: unknown = Array.isArray(entry)
        ? (entry[1] as { connector?: { id?: unknown } } | undefined)?.connector?.id
        : undefined
      if (typeof id === 'string') ids.push(id)
    }
  }
  for (const key of keys) {
    const shim = key?.match(/^wagmi\.(.+)\.(?:connected|disconnected)$/)?.[1]
    if (shim) ids.push(shim)
  }
  return ids
}

/**
 * Forgets the holder's wallet: disconnects a wallet loaded in this page, removes the connection
 * state and the cached chain data (balances, chain) from storage, and leaves every wallet this
 * page knows marked disconnected in wagmi's storage. A browser wallet keeps trusting the site
 * after sign-out (that is the wallet's, not ours), so without the marker wagmi's reconnect on
 * the next page would connect the holder's wallet for whoever uses the phone next; with it, no
 * wallet connects until someone chooses one. The marker says only "connector X: disconnected"
 * (X names a wallet app, such as `io.metamask`): nothing of the holder.
 */
export function forgetWallet(storage: Storage = localStorage): void {
  const ids = new Set<string>()
  try {
    for (const id of loadedReset?.() ?? []) ids.add(id)
  } catch (error) {
    console.warn('Wallet reset failed', error)
  }
  try {
    for (const id of announcedWalletIds()) ids.add(id)
  } catch {
    // No wallet answered: the others are still named below.
  }
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    for (const id of storedWalletIds(storage, keys)) ids.add(id)
    for (const key of keys) {
      if (key === WALLET_CACHE_KEY || key?.startsWith(`${WALLET_STORAGE_PREFIX}.`)) {
        storage.removeItem(key)
      }
    }
    for (const id of ids) {
      if (id) storage.setItem(disconnectedMarkerKey(id), DISCONNECTED_MARKER_VALUE)
    }
  } catch {
    // Storage unavailable: nothing was kept in it either, and wagmi has none to reconnect from.
  }
}
