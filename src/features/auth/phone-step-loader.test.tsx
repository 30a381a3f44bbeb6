/** The phone step loads on demand: a loading state, then the step; a failed load can be retried. */
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeSignInProvider } from './sign-in-provider.test-support.ts'

const reportError = vi.hoisted(() => vi.fn())
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))
beforeEach(() => reportError.mockClear())
afterEach(() => {
  vi.doUnmock('./phone-step.tsx')
  vi.restoreAllMocks()
})

const provider = fakeSignInProvider()

/**
 * Renders a fresh loader whose chunk fails to load `failures` times (as offline, or after a
 * deploy removed it), then loads.
 */
async function renderLoader(failures = 0, onUseEmail = vi.fn()) {
  vi.resetModules()
  let left = failures
  vi.doMock('./phone-step.tsx', async (importOriginal) => {
    if (left-- > 0) throw new TypeError('Failed to fetch dynamically imported module')
    return importOriginal()
  })
  const { PhoneStepLoader } = await import('./phone-step-loader.tsx')
  render(<PhoneStepLoader provider={provider} onCodeSent={vi.fn()} onUseEmail={onUseEmail} />)
  return onUseEmail
}

describe('PhoneStepLoader', () => {
  it('says it is getting ready, then shows the step', async () => {
    await renderLoader()
    expect(screen.getByRole('status')).toHaveTextContent('Getting text-message sign-in ready…')
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument()
    expect(screen.queryByText('Getting text-message sign-in ready…')).toBeNull()
  })

  it('says the step could not load, and loads it on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderLoader(1)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Text-message sign-in could not load. Check your connection and try again.',
    )
    expect(reportError).toHaveBeenCalledOnce()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('offers email instead while the step cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onUseEmail = await renderLoader(2)
    await screen.findByRole('alert')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Use email instead' }))
    expect(onUseEmail).toHaveBeenCalledOnce()
  })
})
