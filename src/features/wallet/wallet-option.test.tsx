/** The wallet option loads the wallet's code only when it is wanted, and nothing moves when it does. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletOption } from './wallet-option.tsx'

/** Stands in for the loaded wallet sign-in: says how it was asked to start. */
const loaded = vi.fn((start: string) => <p>wallet code loaded ({start})</p>)

afterEach(() => {
  vi.useRealTimers()
  loaded.mockClear()
})

describe('wallet option', () => {
  it('shows the option without loading the wallet', () => {
    render(<WalletOption render={loaded} preload={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Or use a wallet' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in with a wallet' })).toBeInTheDocument()
    expect(loaded).not.toHaveBeenCalled()
  })

  it('loads the wallet with its list open when the holder chooses it', () => {
    render(<WalletOption render={loaded} preload={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a wallet' }))
    expect(screen.getByText('wallet code loaded (choose)')).toBeInTheDocument()
  })

  it('fetches the wallet code when the holder points at, touches or focuses the option', () => {
    for (const intent of [fireEvent.pointerEnter, fireEvent.pointerDown, fireEvent.focus]) {
      const preload = vi.fn()
      const { unmount } = render(<WalletOption render={loaded} preload={preload} />)
      const button = screen.getByRole('button', { name: 'Sign in with a wallet' })
      intent(button)
      expect(preload).toHaveBeenCalledOnce()
      // Only fetched: the button under the finger is the same element until the holder chooses.
      expect(loaded).not.toHaveBeenCalled()
      expect(screen.getByRole('button', { name: 'Sign in with a wallet' })).toBe(button)
      unmount()
    }
  })

  it('does not fetch the wallet code for a holder who only sees the option', async () => {
    vi.useFakeTimers()
    const preload = vi.fn()
    render(<WalletOption render={loaded} preload={preload} />)
    // However long the option stays on screen: no idle or timed prefetch.
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(preload).not.toHaveBeenCalled()
    expect(loaded).not.toHaveBeenCalled()
  })

  it('still answers a tap while the wallet code is on its way', () => {
    localStorage.setItem('wagmi.recentConnectorId', '"io.metamask"')
    const loading = vi.fn((_start: string, frame: ReactNode) => frame)
    render(<WalletOption render={loading} preload={() => {}} />)
    expect(loading).toHaveBeenLastCalledWith('idle', expect.anything())
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a wallet' }))
    expect(loading).toHaveBeenLastCalledWith('choose', expect.anything())
  })

  it('loads the wallet at once when this browser remembers a connected wallet', () => {
    localStorage.setItem('wagmi.recentConnectorId', '"io.metamask"')
    render(<WalletOption render={loaded} preload={() => {}} />)
    expect(screen.getByText('wallet code loaded (idle)')).toBeInTheDocument()
  })
})
