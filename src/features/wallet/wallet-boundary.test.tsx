/** A wallet screen that crashes shows the boundary's notice, is reported, and "Try again" recovers. */
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WalletBoundary } from './wallet-boundary.tsx'

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }))
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))

const crash = new Error('wallet chunk failed to load')

// A flag rather than a throw count: React retries a failed render by itself before it gives up,
// so a child that throws only once would never reach the boundary.
let broken = false
let renders = 0

function Wallet() {
  renders += 1
  if (broken) throw crash
  return <p>Connect a wallet</p>
}

function renderBoundary() {
  render(
    <>
      <p>Rest of the page</p>
      <WalletBoundary>
        <Wallet />
      </WalletBoundary>
    </>,
  )
}

beforeEach(() => {
  // React logs every caught render error; the tests assert on the fallback instead.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  vi.restoreAllMocks()
  reportError.mockReset()
  broken = false
  renders = 0
})

describe('WalletBoundary', () => {
  it('renders its children when nothing fails', () => {
    renderBoundary()
    expect(screen.getByText('Connect a wallet')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(reportError).not.toHaveBeenCalled()
  })

  it('replaces a crashed child with a message and a retry, and reports the error', () => {
    broken = true
    renderBoundary()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The wallet could not load. Check your connection and try again.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
    expect(screen.queryByText('Connect a wallet')).toBeNull()
    // Only the wallet part fails: the page around it stays.
    expect(screen.getByText('Rest of the page')).toBeInTheDocument()
    expect(reportError).toHaveBeenCalledWith(
      crash,
      expect.objectContaining({ boundary: 'wallet', componentStack: expect.any(String) }),
    )
  })

  it('"Try again" renders the child again, and it shows once it works', () => {
    broken = true
    renderBoundary()
    expect(screen.getByRole('alert')).toBeInTheDocument()
    const before = renders
    broken = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(renders).toBeGreaterThan(before)
    expect(screen.getByText('Connect a wallet')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the notice again when the retry fails too, and reports it again', () => {
    broken = true
    renderBoundary()
    reportError.mockClear()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The wallet could not load.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(reportError).toHaveBeenCalledWith(crash, expect.objectContaining({ boundary: 'wallet' }))
  })
})
