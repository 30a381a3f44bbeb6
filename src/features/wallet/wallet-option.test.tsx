/** The wallet option loads the wallet's code only when it is wanted, and nothing moves when it does. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletOption } from './wallet-option.tsx'

/** Stands in for the loaded wallet sign-in: says how it was asked to start. */
const loaded = vi.fn((start: string) => <p>wallet code loaded ({start})</p>)

/** A controllable IntersectionObserver; `show()` reports every observed element in view. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback)
      }
      observe() {}
      disconnect() {}
    },
  )
  return {
    show: () =>
      callbacks.forEach((callback) =>
        callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      ),
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  loaded.mockClear()
})

describe('wallet option', () => {
  it('shows the option without loading the wallet', () => {
    stubIntersectionObserver()
    render(<WalletOption render={loaded} />)
    expect(screen.getByRole('heading', { name: 'Or use a wallet' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in with a wallet' })).toBeInTheDocument()
    expect(loaded).not.toHaveBeenCalled()
  })

  it('loads the wallet with its list open when the holder chooses it', () => {
    stubIntersectionObserver()
    render(<WalletOption render={loaded} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a wallet' }))
    expect(screen.getByText('wallet code loaded (choose)')).toBeInTheDocument()
  })

  it('loads the wallet once the option is in view and the page is idle', () => {
    const observer = stubIntersectionObserver()
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    render(<WalletOption render={loaded} />)
    act(() => observer.show())
    expect(loaded).not.toHaveBeenCalled()
    act(() => idle.forEach((callback) => callback()))
    expect(screen.getByText('wallet code loaded (idle)')).toBeInTheDocument()
  })

  it('still answers a tap while the wallet code is on its way', () => {
    stubIntersectionObserver()
    localStorage.setItem('wagmi.recentConnectorId', '"io.metamask"')
    const loading = vi.fn((_start: string, frame: ReactNode) => frame)
    render(<WalletOption render={loading} />)
    expect(loading).toHaveBeenLastCalledWith('idle', expect.anything())
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a wallet' }))
    expect(loading).toHaveBeenLastCalledWith('choose', expect.anything())
  })

  it('loads the wallet at once when this browser remembers a connected wallet', () => {
    stubIntersectionObserver()
    localStorage.setItem('wagmi.recentConnectorId', '"io.metamask"')
    render(<WalletOption render={loaded} />)
    expect(screen.getByText('wallet code loaded (idle)')).toBeInTheDocument()
  })
})
