import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION as v, WORKER_MESSAGE } from '../../core/protocol.ts'
import { AppError } from '../../core/error-text.ts'
import { createAppStore } from '../../store/app-store.ts'
import { AppStoreProvider } from '../../store/use-app-store.tsx'
import { version } from '../../../package.json'
import { AccountPage, type AccountPageProps } from './account-page.tsx'

function renderAccount(
  email: string | null,
  props: Partial<AccountPageProps> = {},
  phone: string | null = null,
) {
  const store = createAppStore()
  store.getState().apply({
    v,
    type: WORKER_MESSAGE.signin,
    email,
    phone,

    expiresAt: 1,
  })
  const onSignOut = props.onSignOut ?? vi.fn(() => Promise.resolve())
  render(
    <AppStoreProvider store={store}>
      <AccountPage {...props} onSignOut={onSignOut} />
    </AppStoreProvider>,
  )
  return onSignOut
}

describe('AccountPage', () => {
  it('shows the email of the holder', () => {
    renderAccount('holder@example.com')
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument()
    expect(screen.getByText('holder@example.com')).toBeInTheDocument()
  })

  it('says "a wallet" for a wallet sign-in without email', () => {
    renderAccount(null)
    expect(screen.getByText('a wallet')).toBeInTheDocument()
  })

  it('shows the phone number of a holder who signed in by text message, in international format', async () => {
    renderAccount(null, {}, '+447911123456')
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument()
    expect(screen.queryByText('a wallet')).toBeNull()
  })

  it('shows both the email and the phone number of a holder who has both', async () => {
    renderAccount('holder@example.com', {}, '+5491123456789')
    expect(screen.getByText('holder@example.com')).toBeInTheDocument()
    expect(await screen.findByText('+54 9 11 2345 6789')).toBeInTheDocument()
  })

  it('signs out, showing progress meanwhile', async () => {
    let finish: () => void = () => {}
    const onSignOut = renderAccount('holder@example.com', {
      onSignOut: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled()
    await act(async () => finish())
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows why sign-out failed and lets the holder try again', async () => {
    renderAccount('holder@example.com', {
      onSignOut: () => Promise.reject(new AppError('The app is not ready yet.', 503)),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing out failed: The app is not ready yet. Try again.',
    )
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled()
  })

  it('shows a generic message for an unknown sign-out failure', async () => {
    renderAccount('holder@example.com', { onSignOut: () => Promise.reject(new Error('x')) })
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.')
  })

  it('places the theme switch and the install options it is given', () => {
    renderAccount('holder@example.com', {
      themeToggle: <button type="button">Switch to light theme</button>,
      install: <p>Install steps here</p>,
    })
    expect(screen.getByRole('region', { name: 'Theme' })).toContainElement(
      screen.getByRole('button', { name: 'Switch to light theme' }),
    )
    expect(screen.getByRole('region', { name: 'Install' })).toHaveTextContent('Install steps here')
  })

  it('shows the app version from package.json', () => {
    renderAccount('holder@example.com')
    expect(screen.getByTestId('app-version')).toHaveTextContent(version)
    expect(screen.getByText(/IYK Cards version/)).toBeInTheDocument()
  })
})
