import { afterEach, describe, expect, it, vi } from 'vitest'
import { mainnet, sepolia } from 'viem/chains'
import { getPublicClient } from 'wagmi/actions'
import {
  createWalletConfig,
  createWalletPersister,
  createWalletQueryClient,
  walletChains,
} from './wallet-config.ts'
import { fakeWallet } from './fake-wallet.test-support.ts'
import { TEST_WALLET_KEY, testWalletConnectors } from './wallet-test-connector.ts'
import { TEST_PRIVATE_KEY } from './wallet.test-support.ts'

const urls = { rpcUrlMainnet: 'http://rpc.test:1', rpcUrlSepolia: 'http://rpc.test:2' }

let stopAnnouncing = () => {}

afterEach(() => {
  stopAnnouncing()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('wallet config', () => {
  it('has Ethereum (default) and Sepolia, each with a fee multiplier of 1.2', () => {
    const config = createWalletConfig({ ...urls, storage: localStorage })
    expect(config.chains.map((chain) => chain.id)).toEqual([mainnet.id, sepolia.id])
    for (const chain of walletChains) expect(chain.fees?.baseFeeMultiplier).toBe(1.2)
  })

  it('reads each chain over http with a 10 s timeout, 1024-byte multicalls', () => {
    const config = createWalletConfig({ ...urls, storage: localStorage })
    const main = getPublicClient(config, { chainId: mainnet.id })
    const test = getPublicClient(config, { chainId: sepolia.id })
    expect(main.transport).toMatchObject({ type: 'http', url: urls.rpcUrlMainnet, timeout: 10_000 })
    expect(test.transport).toMatchObject({ type: 'http', url: urls.rpcUrlSepolia, timeout: 10_000 })
    expect(main.batch).toEqual({ multicall: { batchSize: 1024 } })
    expect(main.chain.fees?.baseFeeMultiplier).toBe(1.2)
  })

  it('batches JSON-RPC calls made together into one request', async () => {
    const bodies: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { id: number; method: string }[]
        bodies.push(body)
        const answer = (item: { id: number }) => ({ jsonrpc: '2.0', id: item.id, result: '0x1' })
        return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
      }),
    )
    const config = createWalletConfig({ ...urls, storage: localStorage })
    const client = getPublicClient(config, { chainId: mainnet.id })
    await Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getGasPrice()])
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toHaveLength(2)
  })

  it('offers the wallets the browser announces (EIP-6963), and no other', () => {
    expect(createWalletConfig({ ...urls, storage: localStorage }).connectors).toHaveLength(0)
    stopAnnouncing = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' }).announce()
    const config = createWalletConfig({ ...urls, storage: localStorage })
    expect(config.connectors.map((connector) => [connector.id, connector.name])).toEqual([
      ['com.alpha', 'Alpha'],
    ])
  })

  it('has the test wallet only when its key is set', () => {
    const withTest = () =>
      createWalletConfig({
        ...urls,
        storage: localStorage,
        connectors: testWalletConnectors(localStorage),
      })
    expect(withTest().connectors).toHaveLength(0)
    localStorage.setItem(TEST_WALLET_KEY, TEST_PRIVATE_KEY)
    expect(withTest().connectors.map((connector) => connector.id)).toEqual(['iyk-test-wallet'])
    localStorage.setItem(TEST_WALLET_KEY, 'not-a-key')
    expect(withTest().connectors).toHaveLength(0)
  })
})

describe('chain-data cache', () => {
  it('keeps data for a day and never retries', () => {
    const queries = createWalletQueryClient().getDefaultOptions().queries
    expect(queries).toMatchObject({ gcTime: 86_400_000, retry: false })
  })

  it('persists under `cache`, at most once a second, keeping bigints', async () => {
    vi.useFakeTimers()
    const persister = createWalletPersister(localStorage)
    const client = (value: bigint) => ({
      timestamp: 1,
      buster: '',
      clientState: {
        mutations: [],
        queries: [
          {
            queryKey: ['balance'],
            queryHash: '["balance"]',
            state: { data: value, status: 'success' },
          },
        ],
      },
    })
    await persister.persistClient(client(1n) as never)
    await persister.persistClient(client(2n) as never)
    expect(localStorage.getItem('cache')).toBeNull()
    await vi.advanceTimersByTimeAsync(999)
    expect(localStorage.getItem('cache')).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(localStorage.getItem('cache')).not.toBeNull()
    const restored = await persister.restoreClient()
    expect(restored?.clientState.queries[0]?.state.data).toBe(2n)
  })
})
