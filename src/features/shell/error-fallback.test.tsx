/** A page that throws shows the friendly fallback, the error is reported, and "Try again" recovers. */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorFallback } from './error-fallback.tsx'

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }))
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))

let broken = true

function Page() {
  if (broken) throw new Error('render failed')
  return <h1>Working page</h1>
}

async function renderBrokenPage() {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  const router = createRouter({
    routeTree: createRootRoute({ component: Page, errorComponent: ErrorFallback }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
  await act(() => router.load())
}

describe('ErrorFallback', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    reportError.mockReset()
    broken = true
  })

  it('shows a friendly message with a way on, and reports the error once', async () => {
    await renderBrokenPage()
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    expect(screen.queryByText('render failed')).not.toBeInTheDocument()
    expect(reportError).toHaveBeenCalledTimes(1)
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'render failed' }),
      {
        boundary: 'root',
      },
    )
  })

  it('renders the page again on "Try again"', async () => {
    await renderBrokenPage()
    await screen.findByRole('heading', { name: 'Something went wrong' })
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Working page' })).toBeInTheDocument()
  })
})
