import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { LANDING_STASH } from '../../core/sign-in-landing-stash.ts'
import { deferred } from '../../core/testing/deferred.ts'
import { keepOAuthReturnTarget, keepReturnTarget, RETURN_TARGET_KEY } from './return-target.ts'
import { SignInPage } from './sign-in-page.tsx'
import type { SignInProvider } from './sign-in-provider.ts'
import { fakeSignInProvider, SIGN_IN_SESSION } from './sign-in-provider.test-support.ts'

const reportError = vi.hoisted(() => vi.fn())
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))
beforeEach(() => reportError.mockClear())

/** A token in the provider's format: 44 characters of base64url with `=` padding. */
const TOKEN = 'DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94='
const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

const page = 'http://localhost/auth/email'

async function toCodeStep(provider: SignInProvider, complete = vi.fn(() => Promise.resolve())) {
  render(<SignInPage provider={provider} complete={complete} href={page} redirect="/account" />)
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' holder@example.com ' } })
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
  await screen.findByLabelText('6-digit code')
  return complete
}

describe('SignInPage', () => {
  it('refuses a malformed email without calling the provider', () => {
    const provider = fakeSignInProvider()
    render(<SignInPage provider={provider} complete={vi.fn()} href={page} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'holder@' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address')
    expect(screen.getByLabelText('Email')).toHaveValue('holder@')
    expect(provider.sendCode).not.toHaveBeenCalled()
  })

  it('shows the provider error and keeps the email', async () => {
    const provider = fakeSignInProvider({
      sendCode: () => Promise.reject({ error_type: 'too_many_requests', error_message: 'x' }),
    })
    render(<SignInPage provider={provider} complete={vi.fn()} href={page} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'holder@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries')
    expect(screen.getByLabelText('Email')).toHaveValue('holder@example.com')
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()
  })

  it('signs in with the emailed code and returns to the redirect', async () => {
    const provider = fakeSignInProvider()
    const complete = await toCodeStep(provider)
    expect(provider.sendCode).toHaveBeenCalledWith('holder@example.com')
    const code = screen.getByLabelText('6-digit code')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    // The code step focuses its field in an effect, which may run after the render that found it.
    await waitFor(() => expect(code).toHaveFocus())
    fireEvent.change(code, { target: { value: '12 34-56' } })
    expect(code).toHaveValue('123456')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/account'))
    expect(provider.verifyCode).toHaveBeenCalledWith('123456', 'email-test-1')
  })

  it('asks for six digits before calling the provider', async () => {
    const provider = fakeSignInProvider()
    await toCodeStep(provider)
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6 digits')
    expect(provider.verifyCode).not.toHaveBeenCalled()
  })

  it('explains a wrong code and lets the user try again', async () => {
    const provider = fakeSignInProvider({
      verifyCode: () => Promise.reject({ error_type: 'otp_code_not_found', error_message: 'x' }),
    })
    await toCodeStep(provider)
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right')
    expect(screen.getByLabelText('6-digit code')).toHaveValue('000000')
  })

  it('counts down before a code can be resent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const provider = fakeSignInProvider()
      await toCodeStep(provider)
      expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled()
      for (let i = 0; i < 30; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }))
      expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.')
      expect(provider.sendCode).toHaveBeenCalledTimes(2)
      expect(screen.getByRole('button', { name: /Resend code in 30 s/ })).toBeDisabled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('emails a link to exactly /auth/email and keeps the way back on the device', async () => {
    const provider = fakeSignInProvider()
    await toCodeStep(provider)
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }))
    expect(await screen.findByRole('status')).toHaveTextContent('We emailed a sign-in link')
    expect(provider.sendLink).toHaveBeenCalledWith(
      'holder@example.com',
      `${window.location.origin}/auth/email`,
    )
    const kept = JSON.parse(localStorage.getItem(RETURN_TARGET_KEY) ?? '{}') as object
    expect(kept).toMatchObject({ path: '/account', email: 'holder@example.com' })
  })

  it('completes a landing with a real token, token gone from the address first, back to the tap', async () => {
    keepReturnTarget(TAP, 'Holder@example.com', Date.now() + 600_000)
    window.history.replaceState(
      null,
      '',
      `/auth/email?stytch_token_type=magic_links&token=${encodeURIComponent(TOKEN)}`,
    )
    // The address as the provider call found it; asserted below, where a failure cannot be caught.
    const addressAtCall: string[] = []
    const provider = fakeSignInProvider({
      authenticateLink: vi.fn(() => {
        addressAtCall.push(window.location.search)
        return Promise.resolve(SIGN_IN_SESSION)
      }),
    })
    const complete = vi.fn(() => Promise.resolve())
    render(<SignInPage provider={provider} complete={complete} href={window.location.href} />)
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument()
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, TAP))
    expect(provider.authenticateLink).toHaveBeenCalledWith(TOKEN)
    expect(addressAtCall).toEqual([''])
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('completes a landing whose token the page’s boot script took out of the address', async () => {
    window.history.replaceState(null, '', '/auth/email')
    Reflect.set(window, LANDING_STASH, `?stytch_token_type=magic_links&token=${TOKEN}`)
    const stashAtCall: boolean[] = []
    const provider = fakeSignInProvider({
      authenticateLink: vi.fn(() => {
        stashAtCall.push(Reflect.has(window, LANDING_STASH))
        return Promise.resolve(SIGN_IN_SESSION)
      }),
    })
    const complete = vi.fn(() => Promise.resolve())
    render(<SignInPage provider={provider} complete={complete} />)
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/'))
    expect(provider.authenticateLink).toHaveBeenCalledWith(TOKEN)
    // Gone before the provider call.
    expect(stashAtCall).toEqual([false])
  })

  it('never sends another holder to the way back kept for a different address', async () => {
    keepReturnTarget(TAP, 'previous@example.com', Date.now() + 600_000)
    const href = `${page}?stytch_token_type=magic_links&token=${TOKEN}`
    const complete = vi.fn(() => Promise.resolve())
    render(<SignInPage provider={fakeSignInProvider()} complete={complete} href={href} />)
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/'))
  })

  it.each([
    ['unable_to_auth_magic_link', 'expired or was already used'],
    ['magic_link_not_found', 'expired or was already used'],
    ['pkce_expected_code_verifier', 'same browser where you asked for it'],
    ['something_new', 'This sign-in link did not work'],
  ])('explains a refused link (%s) above the email form and reports it', async (type, text) => {
    window.history.replaceState(
      null,
      '',
      `/auth/email?stytch_token_type=magic_links&token=${TOKEN}`,
    )
    const provider = fakeSignInProvider({
      authenticateLink: () => Promise.reject({ error_type: type, error_message: 'x' }),
    })
    render(<SignInPage provider={provider} complete={vi.fn()} href={window.location.href} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()
    expect(reportError).toHaveBeenCalledWith(expect.anything(), {
      op: 'magic-link',
      errorType: type,
    })
    expect(JSON.stringify(reportError.mock.calls)).not.toContain(TOKEN)
  })

  it('explains a damaged link at once, removes it from the address and reports it without the token', async () => {
    const damaged = TOKEN.slice(0, 12)
    window.history.replaceState(
      null,
      '',
      `/auth/email?stytch_token_type=magic_links&token=${damaged}`,
    )
    const provider = fakeSignInProvider()
    render(<SignInPage provider={provider} complete={vi.fn()} href={window.location.href} />)
    expect(screen.getByRole('alert')).toHaveTextContent('incomplete or damaged')
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
    expect(provider.authenticateLink).not.toHaveBeenCalled()
    await waitFor(() => expect(window.location.search).toBe(''))
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), {
      op: 'magic-link',
      reason: 'malformed',
    })
    expect(JSON.stringify(reportError.mock.calls)).not.toContain(damaged)
  })

  describe('while a provider call runs', () => {
    it('reads "Sending code…" and refuses a second send until the code is sent', async () => {
      const sent = deferred<{ methodId: string }>()
      const provider = fakeSignInProvider({ sendCode: vi.fn(() => sent.promise) })
      render(<SignInPage provider={provider} complete={vi.fn()} href={page} />)
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'holder@example.com' } })
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
      const sending = screen.getByRole('button', { name: 'Sending code…' })
      expect(sending).toBeDisabled()
      fireEvent.click(sending)
      expect(provider.sendCode).toHaveBeenCalledOnce()
      await act(async () => sent.resolve({ methodId: 'email-test-1' }))
      expect(screen.getByLabelText('6-digit code')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /Sending code/ })).toBeNull()
    })

    it('gives the button back when sending fails', async () => {
      const sent = deferred<{ methodId: string }>()
      render(
        <SignInPage
          provider={fakeSignInProvider({ sendCode: () => sent.promise })}
          complete={vi.fn()}
          href={page}
        />,
      )
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'holder@example.com' } })
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
      expect(screen.getByRole('button', { name: 'Sending code…' })).toBeDisabled()
      await act(async () => sent.reject(new Error('offline')))
      expect(screen.getByRole('alert')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()
    })

    it('reads "Signing in…" with every other action held until the session is handed over', async () => {
      const verified = deferred<AuthenticateData>()
      const handedOver = deferred<undefined>()
      const provider = fakeSignInProvider({ verifyCode: vi.fn(() => verified.promise) })
      const complete = await toCodeStep(
        provider,
        vi.fn(() => handedOver.promise),
      )
      fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } })
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
      const signingIn = screen.getByRole('button', { name: 'Signing in…' })
      expect(signingIn).toBeDisabled()
      expect(screen.getByRole('button', { name: /Resend code/ })).toBeDisabled()
      expect(screen.getByRole('button', { name: 'Email me a sign-in link instead' })).toBeDisabled()
      // Changing the address now would show a form while the first address signs in.
      expect(screen.getByRole('button', { name: 'Use a different email' })).toBeDisabled()
      fireEvent.click(signingIn)
      expect(provider.verifyCode).toHaveBeenCalledOnce()

      // The code is accepted, but the hand-off to the session host is still running.
      await act(async () => verified.resolve(SIGN_IN_SESSION))
      expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/account')
      expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled()

      await act(async () => handedOver.resolve(undefined))
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
    })

    it('gives the buttons back and keeps the code when verifying fails', async () => {
      const verified = deferred<AuthenticateData>()
      const provider = fakeSignInProvider({ verifyCode: () => verified.promise })
      const complete = await toCodeStep(provider)
      fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } })
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled()
      await act(async () =>
        verified.reject({ error_type: 'otp_code_not_found', error_message: 'x' }),
      )
      expect(screen.getByRole('alert')).toHaveTextContent('That code is not right')
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
      expect(screen.getByRole('button', { name: 'Email me a sign-in link instead' })).toBeEnabled()
      expect(screen.getByLabelText('6-digit code')).toHaveValue('654321')
      expect(complete).not.toHaveBeenCalled()
    })

    it('holds sign-in while the link is being sent', async () => {
      const linkSent = deferred<undefined>()
      const provider = fakeSignInProvider({ sendLink: vi.fn(() => linkSent.promise) })
      await toCodeStep(provider)
      fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }))
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled()
      expect(screen.getByRole('button', { name: 'Email me a sign-in link instead' })).toBeDisabled()
      await act(async () => linkSent.resolve(undefined))
      expect(screen.getByRole('status')).toHaveTextContent('We emailed a sign-in link')
    })
  })

  describe('"Use a different email"', () => {
    it('returns from the code step to an empty email step with nothing left over', async () => {
      const provider = fakeSignInProvider({
        sendCode: vi
          .fn()
          .mockResolvedValueOnce({ methodId: 'email-first' })
          .mockResolvedValueOnce({ methodId: 'email-second' }),
        verifyCode: vi
          .fn()
          .mockRejectedValueOnce({ error_type: 'otp_code_not_found', error_message: 'x' })
          .mockResolvedValue(SIGN_IN_SESSION),
      })
      const complete = await toCodeStep(provider)
      fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } })
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
      await screen.findByRole('alert')

      fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }))
      expect(screen.queryByLabelText('6-digit code')).toBeNull()
      expect(screen.getByLabelText('Email')).toHaveValue('')
      expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()
      expect(screen.queryByRole('alert')).toBeNull()
      expect(screen.queryByText(/holder@example.com/)).toBeNull()

      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } })
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
      const code = await screen.findByLabelText('6-digit code')
      expect(provider.sendCode).toHaveBeenLastCalledWith('other@example.com')
      expect(screen.getByText('other@example.com')).toBeInTheDocument()
      expect(code).toHaveValue('')
      expect(screen.queryByRole('alert')).toBeNull()
      expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled()

      fireEvent.change(code, { target: { value: '123456' } })
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
      await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/account'))
      expect(provider.verifyCode).toHaveBeenLastCalledWith('123456', 'email-second')
    })

    it('returns from "link sent" to an empty email step', async () => {
      await toCodeStep(fakeSignInProvider())
      fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }))
      expect(await screen.findByRole('status')).toHaveTextContent('holder@example.com')
      fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }))
      expect(screen.queryByRole('status')).toBeNull()
      expect(screen.getByLabelText('Email')).toHaveValue('')
      expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled()
      expect(screen.getByTestId('redirect-note')).toHaveTextContent(
        'After signing in you will come back to your account.',
      )
    })
  })
})

describe('someone already signed in', () => {
  const signedInAs = (email: string | null) => ({
    email,
    onContinue: vi.fn(),
    onSignOut: vi.fn(() => Promise.resolve()),
  })

  it('shows who, and Continue goes where they were headed', () => {
    const choice = signedInAs('holder@example.com')
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={vi.fn()}
        href={page}
        redirect="/account"
        signedIn={choice}
      />,
    )
    expect(screen.getByRole('heading', { name: 'You are signed in' })).toBeInTheDocument()
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as holder@example.com.')
    expect(screen.queryByLabelText('Email')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(choice.onContinue).toHaveBeenCalledWith('/account')
  })

  it('shows a holder who signed in by text message by their number, in international format', async () => {
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={vi.fn()}
        href={page}
        signedIn={{ ...signedInAs(null), phone: '+447911123456' }}
      />,
    )
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as +447911123456.')
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument()
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as +44 7911 123456.')
  })

  it('signs out, and says so when that fails', async () => {
    const choice = signedInAs(null)
    choice.onSignOut.mockRejectedValueOnce({ error_message: 'The network is down.' })
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={vi.fn()}
        href={page}
        signedIn={choice}
      />,
    )
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as a wallet.')
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signing out failed: The network is down. Try again.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(choice.onSignOut).toHaveBeenCalledTimes(2)
  })

  it('says why a sign-in link did not work, above who is signed in', async () => {
    const provider = fakeSignInProvider({
      authenticateLink: () =>
        Promise.reject({ error_type: 'unable_to_auth_magic_link', error_message: 'x' }),
    })
    render(
      <SignInPage
        provider={provider}
        complete={vi.fn()}
        href={`${page}?stytch_token_type=magic_links&token=${TOKEN}`}
        signedIn={signedInAs('previous@example.com')}
      />,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used')
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('previous@example.com')
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled()
  })

  it('says so for a damaged link too', () => {
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={vi.fn()}
        href={`${page}?stytch_token_type=magic_links&token=${TOKEN.slice(0, 12)}`}
        signedIn={signedInAs('previous@example.com')}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('incomplete or damaged')
    expect(screen.getByRole('heading', { name: 'You are signed in' })).toBeInTheDocument()
  })

  it('still follows a sign-in link (another holder on a shared phone)', async () => {
    const complete = vi.fn(() => Promise.resolve())
    const href = `${page}?stytch_token_type=magic_links&token=${TOKEN}`
    render(
      <SignInPage
        provider={fakeSignInProvider()}
        complete={complete}
        href={href}
        signedIn={signedInAs('previous@example.com')}
      />,
    )
    expect(screen.queryByRole('heading', { name: 'You are signed in' })).toBeNull()
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/'))
  })
})

describe('the provider SDK', () => {
  it('starts loading when the holder focuses the email field, before they send', () => {
    const provider = { ...fakeSignInProvider(), warm: vi.fn() }
    render(<SignInPage provider={provider} complete={vi.fn()} href={page} />)
    expect(provider.warm).not.toHaveBeenCalled()
    fireEvent.focus(screen.getByLabelText('Email'))
    expect(provider.warm).toHaveBeenCalled()
    expect(provider.sendCode).not.toHaveBeenCalled()
  })
})

describe('back from Google or Apple', () => {
  const landing = `${page}?stytch_token_type=oauth&token=${encodeURIComponent(TOKEN)}`

  it('exchanges the token, address cleaned first, and returns to the tap kept for the round trip', async () => {
    keepOAuthReturnTarget(TAP, Date.now() + 600_000)
    window.history.replaceState(null, '', new URL(landing).pathname + new URL(landing).search)
    const addressAtCall: string[] = []
    const provider = fakeSignInProvider({
      authenticateOAuth: vi.fn(() => {
        addressAtCall.push(window.location.search)
        return Promise.resolve(SIGN_IN_SESSION)
      }),
    })
    const complete = vi.fn(() => Promise.resolve())
    render(<SignInPage provider={provider} complete={complete} href={window.location.href} />)
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument()
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, TAP))
    expect(provider.authenticateOAuth).toHaveBeenCalledWith(TOKEN)
    expect(addressAtCall).toEqual([''])
    expect(provider.authenticateLink).not.toHaveBeenCalled()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
  })

  it('never takes a way back kept for an emailed link', async () => {
    keepReturnTarget(TAP, 'holder@example.com', Date.now() + 600_000)
    const complete = vi.fn(() => Promise.resolve())
    render(<SignInPage provider={fakeSignInProvider()} complete={complete} href={landing} />)
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/'))
  })

  it.each([
    ['oauth_token_not_found', 'expired or was already used. Start it again.'],
    ['pkce_expected_code_verifier', 'in the browser where you started'],
    ['pkce_mismatch', 'in the browser where you started'],
    ['something_new', 'Signing in with Google or Apple did not work'],
  ])('explains a refused token (%s) above the email form and reports it', async (type, text) => {
    const provider = fakeSignInProvider({
      authenticateOAuth: () => Promise.reject({ error_type: type, error_message: 'x' }),
    })
    render(<SignInPage provider={provider} complete={vi.fn()} href={landing} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    expect(reportError).toHaveBeenCalledWith(expect.anything(), { op: 'oauth', errorType: type })
    expect(JSON.stringify(reportError.mock.calls)).not.toContain(TOKEN)
  })

  it('offers Google and Apple beside the email form, and leaves with the way back kept', async () => {
    const provider = fakeSignInProvider()
    render(<SignInPage provider={provider} complete={vi.fn()} href={page} redirect={TAP} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(await screen.findByRole('button', { name: 'Opening Apple…' })).toBeDisabled()
    expect(provider.startOAuth).toHaveBeenCalledWith(
      'apple',
      `${window.location.origin}/auth/email`,
    )
    expect(JSON.parse(localStorage.getItem(RETURN_TARGET_KEY) ?? '{}')).toMatchObject({
      path: TAP,
      oauth: true,
    })
  })
})

describe('a text-message code', () => {
  async function toPhoneStep(provider: SignInProvider, complete = vi.fn(() => Promise.resolve())) {
    render(<SignInPage provider={provider} complete={complete} href={page} redirect="/account" />)
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code instead' }))
    await screen.findByLabelText('Mobile number')
    return complete
  }

  it('moves the focus to each step the holder goes to, and keeps the email typed before', async () => {
    render(<SignInPage provider={fakeSignInProvider()} complete={vi.fn()} href={page} />)
    // On arrival nothing takes the focus: on a phone that would open the keyboard over the page.
    expect(screen.getByLabelText('Email')).not.toHaveFocus()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'holder@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code instead' }))
    // Each step takes the focus in an effect after the render that shows it: wait for it.
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveFocus())
    fireEvent.click(screen.getByRole('button', { name: 'Use email instead' }))
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus())
    expect(screen.getByLabelText('Email')).toHaveValue('holder@example.com')
  })

  it('texts a code to the number in E.164, shows it in international format, then signs in', async () => {
    const provider = fakeSignInProvider()
    const complete = await toPhoneStep(provider)
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } })
    fireEvent.change(screen.getByLabelText('Mobile number'), {
      target: { value: '07911 123456' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    const code = await screen.findByLabelText('6-digit code')
    expect(provider.sendSmsCode).toHaveBeenCalledWith('+447911123456')
    expect(screen.getByText(/We texted a 6-digit code to/)).toHaveTextContent(
      'We texted a 6-digit code to +44 7911 123456. It expires in',
    )
    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(complete).toHaveBeenCalledWith(SIGN_IN_SESSION, '/account'))
    expect(provider.verifyCode).toHaveBeenCalledWith('123456', 'phone-number-test-1')
    expect(provider.sendCode).not.toHaveBeenCalled()
  })

  it('refuses a number that cannot be one without calling the provider, keeping it', async () => {
    const provider = fakeSignInProvider()
    await toPhoneStep(provider)
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'US' } })
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '555-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That number is too short for a mobile number in United States (+1).',
    )
    expect(screen.getByLabelText('Mobile number')).toHaveValue('555-01')
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true')
    expect(provider.sendSmsCode).not.toHaveBeenCalled()
  })

  it.each([
    ['invalid_phone_number', 'Enter your mobile number with its country'],
    ['too_many_requests', 'Too many tries'],
  ])('says what the provider refused (%s), keeping the number', async (type, text) => {
    const provider = fakeSignInProvider({
      sendSmsCode: () => Promise.reject({ error_type: type, error_message: 'x' }),
    })
    await toPhoneStep(provider)
    fireEvent.change(screen.getByLabelText('Mobile number'), {
      target: { value: '415 555 0101' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.getByLabelText('Mobile number')).toHaveValue('415 555 0101')
    expect(screen.getByRole('button', { name: 'Text me a code' })).toBeEnabled()
  })

  it('explains a wrong or expired texted code, resends to the number, and goes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const provider = fakeSignInProvider({
        verifyCode: () =>
          Promise.reject({ error_type: 'unable_to_auth_otp_code', error_message: 'x' }),
      })
      await toPhoneStep(provider)
      fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'US' } })
      fireEvent.change(screen.getByLabelText('Mobile number'), {
        target: { value: '(415) 555-0101' },
      })
      fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
      fireEvent.change(await screen.findByLabelText('6-digit code'), {
        target: { value: '000000' },
      })
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('or it has expired')
      expect(screen.queryByRole('button', { name: /sign-in link/ })).toBeNull()

      for (let i = 0; i < 30; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
      fireEvent.click(screen.getByRole('button', { name: 'Resend code' }))
      expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.')
      expect(provider.sendSmsCode).toHaveBeenLastCalledWith('+14155550101')
      expect(provider.sendSmsCode).toHaveBeenCalledTimes(2)

      fireEvent.click(screen.getByRole('button', { name: 'Use a different number' }))
      expect(await screen.findByLabelText('Mobile number')).toHaveValue('')
      fireEvent.click(screen.getByRole('button', { name: 'Use email instead' }))
      expect(await screen.findByLabelText('Email')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})
