/**
 * Forgetting a holder's wallet: a loaded wallet is reset, its keys leave storage, others stay,
 * and every wallet the page knows stays disconnected in wagmi's view (its own shim), so wagmi's
 * reconnect never brings a wallet that still trusts the site back for the next holder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect, reconnect } from 'wagmi/actions'
import { fakeAddress, fakeWallet, fakeWalletSetup } from './fake-wallet.test-support.ts'
import {
  disconnectedMarkerKey,
  forgetWallet,
  onWalletForget,
  WALLET_CACHE_KEY,
} from './wallet-storage.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** wagmi's persisted state with one connection of `connectorId`, as wagmi writes it. */
const storedConnection = (connectorId: string) =>
  JSON.stringify({
    state: {
      connections: {
        __type: 'Map',
        value: [
          [
            'uid-1',
            {
              accounts: [ADDRESS],
              chainId: 1,
              connector: { id: connectorId, name: 'Some wallet', type: 'injected', uid: 'uid-1' },
            },
          ],
        ],
      },
      chainId: 1,
      current: 'uid-1',
    },
    version: 3,
  })

let stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  onWalletForget(() => [])
})

describe('forgetWallet', () => {
  it('removes wagmi’s connection state and the chain-data cache, and leaves only disconnected markers', () => {
    localStorage.setItem('wagmi.store', storedConnection('io.metamask'))
    localStorage.setItem('wagmi.recentConnectorId', '"io.metamask"')
    localStorage.setItem('wagmi.injected.connected', 'true')
    localStorage.setItem(WALLET_CACHE_KEY, `{"clientState":{"queries":["${ADDRESS}"]}}`)
    localStorage.setItem('theme', 'light')
    localStorage.setItem('signout-event', '1')
    localStorage.setItem('wagmistore-lookalike', 'kept')
    forgetWallet()
    expect(Object.keys(localStorage).sort()).toEqual([
      'signout-event',
      'theme',
      'wagmi.injected.disconnected',
      'wagmi.io.metamask.disconnected',
      'wagmistore-lookalike',
    ])
  })

  it('marks every wallet wagmi’s storage names: kept connections, the last used, connected shims; markers already set stay', () => {
    localStorage.setItem('wagmi.store', storedConnection('io.rabby'))
    localStorage.setItem('wagmi.recentConnectorId', '"com.coinbase.wallet"')
    localStorage.setItem('wagmi.iyk-test-wallet.connected', 'true')
    localStorage.setItem('wagmi.io.metamask.disconnected', 'true')
    forgetWallet()
    expect(Object.keys(localStorage).sort()).toEqual([
      'wagmi.com.coinbase.wallet.disconnected',
      'wagmi.io.metamask.disconnected',
      'wagmi.io.rabby.disconnected',
      'wagmi.iyk-test-wallet.disconnected',
    ])
  })

  it('marks the wallets the loaded setup knows and those the page announces (EIP-6963), connected or not', () => {
    onWalletForget(() => ['iyk-test-wallet'])
    stops.push(fakeWallet({ name: 'Rabby', rdns: 'io.rabby' }).announce())
    forgetWallet()
    expect(Object.keys(localStorage).sort()).toEqual([
      'wagmi.io.rabby.disconnected',
      'wagmi.iyk-test-wallet.disconnected',
    ])
  })

  it('a marker holds nothing of the holder: the wallet app’s id in its key, `true` as its value', () => {
    localStorage.setItem('wagmi.store', storedConnection('io.metamask'))
    localStorage.setItem(WALLET_CACHE_KEY, `{"clientState":{"queries":["${ADDRESS}"]}}`)
    forgetWallet()
    expect({ ...localStorage }).toEqual({ [disconnectedMarkerKey('io.metamask')]: 'true' })
    expect(JSON.stringify({ ...localStorage }).toLowerCase()).not.toContain(
      ADDRESS.slice(2).toLowerCase(),
    )
  })

  it('ignores wagmi state it cannot read, and still clears it', () => {
    localStorage.setItem('wagmi.store', '{not json')
    localStorage.setItem('wagmi.recentConnectorId', '42')
    forgetWallet()
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('resets a wallet loaded in this page first, and still clears storage if that fails', () => {
    const reset = vi.fn((): string[] => {
      throw new Error('wallet busy')
    })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    onWalletForget(reset)
    localStorage.setItem('wagmi.store', '{}')
    forgetWallet()
    expect(reset).toHaveBeenCalledOnce()
    expect(localStorage.getItem('wagmi.store')).toBeNull()
  })
})

describe('a wallet that still trusts the site, after forgetWallet (wagmi’s own reconnect and injected connector)', () => {
  /** A holder's page: the trusted wallet announced, and wagmi reconnecting it as it does on load. */
  async function holderConnected() {
    const wallet = fakeWallet({ name: 'Rabby', rdns: 'io.rabby', trusted: true })
    stops.push(wallet.announce())
    const { config } = fakeWalletSetup()
    await reconnect(config)
    expect(config.state.connections.size, 'wagmi reconnected the trusted wallet').toBe(1)
    return wallet
  }

  it('is not reconnected on the next page: wagmi does not even ask it for accounts', async () => {
    const wallet = await holderConnected()
    forgetWallet()
    const askedBefore = wallet.asked.length

    const next = fakeWalletSetup()
    expect(await reconnect(next.config)).toEqual([])
    expect(next.config.state.connections.size).toBe(0)
    expect(next.config.state.status).toBe('disconnected')
    expect(wallet.asked.slice(askedBefore)).toEqual([])
  })

  it('connects again when someone chooses it, which asks the wallet and lifts the marker', async () => {
    const wallet = await holderConnected()
    forgetWallet()

    const next = fakeWalletSetup()
    await reconnect(next.config)
    const connector = next.config.connectors.find((item) => item.id === 'io.rabby')
    if (!connector) throw new Error('the announced wallet is a connector')
    const { accounts } = await connect(next.config, { connector })
    expect(accounts[0]).toBe(fakeAddress(0))
    expect(wallet.count('wallet_requestPermissions')).toBe(1)
    expect(localStorage.getItem(disconnectedMarkerKey('io.rabby'))).toBeNull()
  })
})
