/** Forgetting a holder's wallet: a loaded wallet is reset, its keys leave storage, others stay. */
import { describe, expect, it, vi } from 'vitest'
import { forgetWallet, onWalletForget, WALLET_CACHE_KEY } from './wallet-storage.ts'

describe('forgetWallet', () => {
  it('removes wagmi’s connection state and the chain-data cache, and nothing else', () => {
    localStorage.setItem('wagmi.store', '{"state":{"connections":{"__type":"Map","value":[]}}}')
    localStorage.setItem('wagmi.recentConnectorId', '"injected"')
    localStorage.setItem('wagmi.injected.connected', 'true')
    localStorage.setItem(WALLET_CACHE_KEY, '{"clientState":{"queries":[1]}}')
    localStorage.setItem('theme', 'light')
    localStorage.setItem('signout-event', '1')
    localStorage.setItem('wagmistore-lookalike', 'kept')
    forgetWallet()
    expect(Object.keys(localStorage).sort()).toEqual([
      'signout-event',
      'theme',
      'wagmistore-lookalike',
    ])
  })

  it('resets a wallet loaded in this page first, and still clears storage if that fails', () => {
    const reset = vi.fn(() => {
      throw new Error('wallet busy')
    })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    onWalletForget(reset)
    localStorage.setItem('wagmi.store', '{}')
    forgetWallet()
    expect(reset).toHaveBeenCalledOnce()
    expect(localStorage.getItem('wagmi.store')).toBeNull()
    onWalletForget(() => {})
  })
})
