import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthenticateData } from '../../core/provider-session.ts'
import type { PasskeyProvider } from './passkey-provider.ts'
import { PasskeySignIn } from './passkey-sign-in.tsx'

const session: AuthenticateData = {
  session_token: 'token',
  session_jwt: 'jwt',
  session: { expires_at: '2030-01-01T00:00:00Z' },
  user: { user_id: 'user-1', emails: [{ email: 'ada@example.com' }] },
}

function fakePasskeys(overrides: Partial<PasskeyProvider> = {}) {
  return {
    autofillAvailable: vi.fn(async () => true),
    authenticate: vi.fn(async () => session),
    ...overrides,
  } satisfies PasskeyProvider
}

function renderWithField(passkeys: PasskeyProvider, onSession = vi.fn(async () => {})) {
  render(
    <>
      <input aria-label="Email" autoComplete="username webauthn" />
      <PasskeySignIn passkeys={passkeys} onSession={onSession} />
    </>,
  )
  return onSession
}

beforeEach(() => {
  // jsdom has no WebAuthn; the button checks for it first.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  vi.stubGlobal('isSecureContext', true)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('PasskeySignIn', () => {
  it('signs in with a passkey from the button and hands the session on', async () => {
    const passkeys = fakePasskeys()
    const onSession = renderWithField(passkeys)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(onSession).toHaveBeenCalledWith(session))
    expect(passkeys.authenticate).toHaveBeenCalledWith({ conditional: false })
    expect(screen.getByRole('button')).toHaveTextContent('Waiting for your passkey…')
  })

  it.each([
    [
      'a cancelled dialog, or no passkey on this device',
      new DOMException('not allowed', 'NotAllowedError'),
      'cancelled, or this device has no passkey for IYK Cards',
    ],
    [
      'a passkey the provider no longer knows',
      { error_type: 'webauthn_registration_not_found', status_code: 404 },
      'This passkey is not on an IYK Cards account any more.',
    ],
    [
      'a passkey for another address',
      new DOMException('bad rp', 'SecurityError'),
      'Passkeys don’t work at this address.',
    ],
    [
      'a provider that is down',
      { error_type: 'internal_server_error', status_code: 503 },
      'The sign-in service is having trouble right now.',
    ],
  ])('says so for %s, and the button works again', async (_label, failure, words) => {
    const onSession = renderWithField(
      fakePasskeys({ authenticate: vi.fn(async () => Promise.reject(failure)) }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(words)
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled()
    expect(onSession).not.toHaveBeenCalled()
  })

  it('says when the browser cannot use passkeys at all', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    const passkeys = fakePasskeys()
    renderWithField(passkeys)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser can’t use passkeys.')
    expect(passkeys.authenticate).not.toHaveBeenCalled()
  })

  it('offers passkeys in the email field’s autofill once the holder gets there', async () => {
    const passkeys = fakePasskeys()
    const onSession = renderWithField(passkeys)
    expect(passkeys.authenticate).not.toHaveBeenCalled()
    fireEvent.focusIn(screen.getByLabelText('Email'))
    await waitFor(() => expect(onSession).toHaveBeenCalledWith(session))
    expect(passkeys.authenticate).toHaveBeenCalledWith({
      conditional: true,
      signal: expect.any(AbortSignal),
    })
  })

  it('says nothing when the browser ends the autofill request itself, and does not try again', async () => {
    const authenticate = vi
      .fn<PasskeyProvider['authenticate']>()
      .mockRejectedValueOnce(new DOMException('no passkeys', 'NotAllowedError'))
    vi.useFakeTimers()
    renderWithField(fakePasskeys({ authenticate }))
    fireEvent.focusIn(screen.getByLabelText('Email'))
    // Every answer in, and long after: no word, and no other try on the holder's next visit.
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(authenticate).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.focusIn(screen.getByLabelText('Email'))
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(authenticate).toHaveBeenCalledOnce()
  })

  it('says so when a passkey picked from autofill is refused by the provider', async () => {
    const authenticate = vi
      .fn<PasskeyProvider['authenticate']>()
      .mockRejectedValueOnce({ error_type: 'webauthn_registration_not_found', status_code: 404 })
    renderWithField(fakePasskeys({ authenticate }))
    fireEvent.focusIn(screen.getByLabelText('Email'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey is not on an IYK Cards account any more.',
    )
  })

  it('does not offer autofill where the browser cannot', async () => {
    const passkeys = fakePasskeys({ autofillAvailable: vi.fn(async () => false) })
    vi.useFakeTimers()
    renderWithField(passkeys)
    fireEvent.focusIn(screen.getByLabelText('Email'))
    // The browser's answer in, and long after: no request.
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(passkeys.autofillAvailable).toHaveBeenCalled()
    expect(passkeys.authenticate).not.toHaveBeenCalled()
  })

  it('gives up the autofill request for the button, silently', async () => {
    const signals: AbortSignal[] = []
    const authenticate = vi.fn(
      ({ conditional, signal }: { conditional: boolean; signal?: AbortSignal }) => {
        if (!conditional) return Promise.resolve(session)
        signals.push(signal!)
        return new Promise<AuthenticateData | null>((_resolve, reject) => {
          signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        })
      },
    )
    const onSession = renderWithField(fakePasskeys({ authenticate }))
    fireEvent.focusIn(screen.getByLabelText('Email'))
    await waitFor(() => expect(signals).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(onSession).toHaveBeenCalledOnce())
    expect(signals[0]!.aborted).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
