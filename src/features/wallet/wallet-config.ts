/**
 * The wallet setup (spec §1, §9): wagmi over Ethereum and Sepolia, a one-day react-query cache
 * persisted to localStorage. Only lazily loaded wallet screens import this module.
 */
import { QueryClient } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { Persister } from '@tanstack/react-query-persist-client'
import type { Chain } from 'viem'
import { mainnet, sepolia } from 'viem/chains'
import {
  createConfig,
  createStorage,
  deserialize,
  http,
  serialize,
  type Config,
  type CreateConnectorFn,
} from 'wagmi'
import { config as appConfig } from '../../config/env.ts'
import { testWalletConnectors } from './wallet-test-connector.ts'
import { onWalletForget, WALLET_CACHE_KEY, WALLET_STORAGE_PREFIX } from './wallet-storage.ts'

/** Spec §9's blockchain and cache constants, in one place. */
export const WALLET_SETTINGS = {
  rpcTimeoutMs: 10_000,
  rpcBatchSize: 1000,
  multicallBatchBytes: 1024,
  feeMultiplier: 1.2,
  cacheLifetimeMs: 86_400_000,
  cacheKey: WALLET_CACHE_KEY,
  cacheThrottleMs: 1000,
} as const

/** A chain with the spec's base-fee multiplier (viem's default is also 1.2; we pin it). */
function withFees<chain extends Chain>(chain: chain): chain {
  return { ...chain, fees: { ...chain.fees, baseFeeMultiplier: WALLET_SETTINGS.feeMultiplier } }
}

/** The chains the app knows, default (Ethereum) first. */
export const walletChains = [withFees(mainnet), withFees(sepolia)] as const

/** What the wallet setup reads from outside: RPC URLs and the page's storage. */
export interface WalletConfigOptions {
  rpcUrlMainnet: string
  rpcUrlSepolia: string
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Wallets besides the injected ones the browser announces (only tests pass any). */
  connectors?: CreateConnectorFn[]
}

const transport = (url: string) =>
  http(url, {
    timeout: WALLET_SETTINGS.rpcTimeoutMs,
    batch: { batchSize: WALLET_SETTINGS.rpcBatchSize },
  })

/** wagmi's configuration: injected wallets found through EIP-6963, plus any `connectors` given. */
export function createWalletConfig({
  rpcUrlMainnet,
  rpcUrlSepolia,
  storage,
  connectors = [],
}: WalletConfigOptions) {
  return createConfig({
    chains: walletChains,
    connectors,
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage, key: WALLET_STORAGE_PREFIX }),
    transports: {
      [mainnet.id]: transport(rpcUrlMainnet),
      [sepolia.id]: transport(rpcUrlSepolia),
    },
    batch: { multicall: { batchSize: WALLET_SETTINGS.multicallBatchBytes } },
  })
}

/** The chain-data cache: one day, and no retries (an unreachable RPC fails fast and says so). */
export function createWalletQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: WALLET_SETTINGS.cacheLifetimeMs, retry: false },
    },
  })
}

/** Persists the cache under `cache`, at most once a second; wagmi's serializer keeps bigints. */
export function createWalletPersister(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): Persister {
  return createSyncStoragePersister({
    storage,
    key: WALLET_SETTINGS.cacheKey,
    throttleTime: WALLET_SETTINGS.cacheThrottleMs,
    serialize,
    deserialize,
  })
}

/** Everything the wallet screens share on a page. */
export interface WalletSetup {
  config: Config
  queryClient: QueryClient
  persister: Persister
}

let setup: WalletSetup | null = null

/**
 * Until when the wallet's writes are dropped: a cache write still pending after sign-out, or a
 * connection that was still being restored, belonged to the holder who left.
 */
let quietUntil = 0

/** The page's storage for wagmi and the cache, deaf for a moment after a sign-out. */
const walletStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => {
    if (Date.now() >= quietUntil) window.localStorage.setItem(key, value)
  },
  removeItem: (key) => window.localStorage.removeItem(key),
}

/**
 * Drops this page's wallet state on sign-out: wagmi's connections (without telling the wallet,
 * which belongs to the browser; the next holder connects their own) and the chain-data cache.
 * Returns the ids of every wallet wagmi knows here, for forgetWallet to mark disconnected.
 */
function resetWalletSetup(): string[] {
  if (!setup) return []
  const { config, queryClient } = setup
  const ids = [
    ...config.connectors.map((connector) => connector.id),
    ...Array.from(config.state.connections.values(), (connection) => connection.connector.id),
  ]
  quietUntil = Date.now() + WALLET_SETTINGS.cacheThrottleMs * 2
  config.setState((state) => ({
    ...state,
    connections: new Map(),
    current: null,
    status: 'disconnected',
  }))
  queryClient.clear()
  return ids
}

/** The page's one wallet setup, created on first use from the build-time RPC URLs. */
export function walletSetup(): WalletSetup {
  if (!setup) onWalletForget(resetWalletSetup)
  setup ??= {
    config: createWalletConfig({
      rpcUrlMainnet: appConfig.rpcUrlMainnet,
      rpcUrlSepolia: appConfig.rpcUrlSepolia,
      storage: walletStorage,
      // A compile-time constant read here, in the wallet chunk, so the production build drops
      // the test wallet and its signing code: the key-backed wallet exists in the browser-test
      // build only (VITE_TEST_WALLET=on), whatever a page's storage holds. tests/build.test.ts
      // proves the production bundles hold none of it.
      connectors:
        import.meta.env.VITE_TEST_WALLET === 'on' ? testWalletConnectors(walletStorage) : [],
    }),
    queryClient: createWalletQueryClient(),
    persister: createWalletPersister(walletStorage),
  }
  return setup
}
