/** The Google and Apple buttons: each visible state, and the way back kept before leaving. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { OAuthButtons } from './oauth-buttons.tsx'
import { RETURN_TARGET_KEY } from './return-target.ts'
import { fakeSignInProvider } from './sign-in-provider.test-support.ts'

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

describe('OAuthButtons', () => {
  it('offers both, under their own heading', () => {
    render(<OAuthButtons provider={fakeSignInProvider()} />)
    expect(screen.getByRole('heading', { name: 'Or use Google or Apple' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled()
  })

  it('keeps the way back, then leaves for Google to the one redirect URL, holding both buttons', async () => {
    const provider = fakeSignInProvider()
    render(<OAuthButtons provider={provider} redirect={TAP} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }))
    const opening = await screen.findByRole('button', { name: 'Opening Google…' })
    expect(opening).toBeDisabled()
    expect(opening).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled()
    expect(provider.startOAuth).toHaveBeenCalledWith(
      'google',
      `${window.location.origin}/auth/email`,
    )
    const kept = JSON.parse(localStorage.getItem(RETURN_TARGET_KEY) ?? '{}') as Record<
      string,
      unknown
    >
    expect(kept).toMatchObject({ path: TAP, oauth: true })
    expect(kept.expiresAt).toBeGreaterThan(Date.now() + 15 * 60_000)
  })

  it('gives the buttons back when the browser shows the page again from its back-forward cache', async () => {
    render(<OAuthButtons provider={fakeSignInProvider()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await screen.findByRole('button', { name: 'Opening Google…' })
    const pageshow = (persisted: boolean) =>
      act(() => {
        window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }))
      })
    // A fresh load's pageshow changes nothing.
    pageshow(false)
    expect(screen.getByRole('button', { name: 'Opening Google…' })).toBeDisabled()
    pageshow(true)
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled()
  })

  it('says why a start failed and gives the buttons back', async () => {
    const provider = fakeSignInProvider({
      startOAuth: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    })
    render(<OAuthButtons provider={provider} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the sign-in service')
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
  })

  it('starts loading the provider SDK when a button is reached', () => {
    const provider = fakeSignInProvider()
    render(<OAuthButtons provider={provider} />)
    fireEvent.focus(screen.getByRole('button', { name: 'Continue with Google' }))
    expect(provider.warm).toHaveBeenCalled()
  })
})
