/** The sign-in steps' helpers: how long a reconnect is waited for, and which chain the message names. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mainnet, sepolia } from 'viem/chains'
import { messageChainId, RECONNECT_WAIT_MS, reconnectSettled } from './wallet-sign-in-flow.ts'
import { fakeWalletSetup } from './fake-wallet.test-support.ts'

afterEach(() => {
  vi.useRealTimers()
})

/** A config as wagmi leaves it while it restores connections on load. */
function reconnectingConfig() {
  const { config } = fakeWalletSetup()
  config.setState((state) => ({ ...state, status: 'reconnecting' }))
  return config
}

describe('reconnectSettled', () => {
  it('resolves at once when wagmi is not reconnecting', async () => {
    const { config } = fakeWalletSetup()
    await expect(reconnectSettled(config)).resolves.toBeUndefined()
  })

  it('resolves when the reconnect ends', async () => {
    vi.useFakeTimers()
    const config = reconnectingConfig()
    let settled = false
    void reconnectSettled(config).then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(100)
    expect(settled).toBe(false)
    config.setState((state) => ({ ...state, status: 'connected' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(true)
  })

  it('stops waiting after its deadline: a wallet that never answers holds nobody up', async () => {
    vi.useFakeTimers()
    const config = reconnectingConfig()
    let settled = false
    void reconnectSettled(config).then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(RECONNECT_WAIT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })
})

describe('messageChainId', () => {
  it("names the wallet's chain when the app uses it, else Ethereum", () => {
    const { config } = fakeWalletSetup()
    expect(messageChainId(config, sepolia.id)).toBe(sepolia.id)
    expect(messageChainId(config, mainnet.id)).toBe(mainnet.id)
    expect(messageChainId(config, 137)).toBe(mainnet.id)
  })
})
