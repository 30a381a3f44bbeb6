/** The phone number in international format once the library loads, and E.164 if it cannot. */
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('./international-format.ts')
  vi.resetModules()
})

describe('PhoneNumberDisplay', () => {
  it('shows E.164 at once, then the international format', async () => {
    const { PhoneNumberDisplay } = await import('./phone-number-display.tsx')
    render(<PhoneNumberDisplay e164="+84912345678" />)
    expect(screen.getByText('+84912345678')).toBeInTheDocument()
    expect(await screen.findByText('+84 912 345 678')).toBeInTheDocument()
  })

  it('follows a new number', async () => {
    const { PhoneNumberDisplay } = await import('./phone-number-display.tsx')
    const { rerender } = render(<PhoneNumberDisplay e164="+84912345678" />)
    await screen.findByText('+84 912 345 678')
    rerender(<PhoneNumberDisplay e164="+14155550132" />)
    expect(await screen.findByText('+1 415 555 0132')).toBeInTheDocument()
    expect(screen.queryByText('+84 912 345 678')).toBeNull()
  })

  it('keeps showing E.164 when the formatter cannot load', async () => {
    vi.resetModules()
    let tried = false
    vi.doMock('./international-format.ts', () => {
      tried = true
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    const { PhoneNumberDisplay } = await import('./phone-number-display.tsx')
    render(<PhoneNumberDisplay e164="+447911123456" />)
    await vi.waitFor(() => expect(tried).toBe(true))
    // The failed import settles: nothing is thrown, and the number stays as it was.
    await act(() => Promise.resolve())
    expect(screen.getByText('+447911123456')).toBeInTheDocument()
  })
})
