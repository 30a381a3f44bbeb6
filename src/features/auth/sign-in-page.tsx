/** The sign-in page: email, then the emailed 6-digit code (or a magic link), then back to the app. */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { isRecord } from '../../core/validation.ts'
import { redirectTarget } from '../../core/redirect.ts'
import { CODE_EXPIRY_MINUTES, stytchSignIn, type SignInProvider } from './sign-in-provider.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { keepReturnTarget, takeReturnTarget } from './return-target.ts'
import {
  isValidEmail,
  linkErrorText,
  signInErrorText,
  UNUSABLE_LINK_TEXT,
} from './sign-in-errors.ts'
import { readMagicLink, stripMagicLink } from './magic-link.ts'
import { EmailAddress } from '../../shared/email-address.tsx'
import { targetName } from './target-name.ts'
import { useSignOut } from '../../shared/use-sign-out.ts'

/** Seconds before another code can be sent to the same address. */
export const RESEND_COOLDOWN_SECONDS = 30

type Step =
  /** `notice`: why a sign-in link that brought the holder here did not sign them in. */
  | { kind: 'email'; notice?: string }
  | { kind: 'code'; email: string; methodId: string }
  | { kind: 'link-sent'; email: string }
  | { kind: 'link'; token: string }

/** Props: where to go afterwards, the provider calls, and what to do with a new session. */
export interface SignInPageProps {
  redirect?: string | undefined
  /** Hands the session to the session host and leaves the page; rejects when the hand-off fails. */
  complete(data: AuthenticateData, target: string): Promise<void>
  provider?: SignInProvider
  /** The current location (for the magic-link landing); tests pass their own. */
  href?: string
  /** Other ways to sign in (the wallet), shown under the email form. */
  alternatives?: ReactNode
  /** Set when someone is already signed in here: who, and what they can do instead. */
  signedIn?: SignedInChoice | undefined
}

/** A holder already signed in on this device: their address (none for a wallet), and choices. */
export interface SignedInChoice {
  email: string | null
  /** Goes on to `target`, where the holder was headed. */
  onContinue(target: string): void
  /** Signs out, so someone else can sign in here. */
  onSignOut(): Promise<void>
}

/** The whole sign-in flow; each step keeps what was typed when something fails. */
export function SignInPage({
  redirect,
  complete,
  provider = stytchSignIn,
  href,
  alternatives,
  signedIn,
}: SignInPageProps) {
  // No location while the build prerenders the page's first-paint frame: no link landed there.
  const [landing] = useState(() => {
    const location = href ?? (typeof window === 'undefined' ? null : window.location.href)
    return location === null ? null : readMagicLink(location)
  })
  const [step, setStep] = useState<Step>(() => {
    if (landing?.kind === 'token') return { kind: 'link', token: landing.token }
    if (landing?.kind === 'unusable') {
      return { kind: 'email', notice: UNUSABLE_LINK_TEXT[landing.reason] }
    }
    return { kind: 'email' }
  })
  const target = redirectTarget(redirect)
  const returnTo = targetName(redirect)
  useEffect(() => {
    // A link too damaged to try is not used, but it must not stay in the address bar either,
    // and nobody would hear of it unless it is reported (without the token).
    if (landing?.kind !== 'unusable') return
    stripMagicLink()
    reportError(new Error('Unusable sign-in link'), { op: 'magic-link', reason: landing.reason })
  }, [landing])

  // A sign-in link still signs in (it may be another holder's, on a shared phone); otherwise a
  // holder already signed in sees who, rather than a form that would replace them.
  if (signedIn && step.kind === 'email') {
    return <AlreadySignedIn {...signedIn} onContinue={() => signedIn.onContinue(target)} />
  }

  return (
    <section className="page page--narrow" aria-labelledby="sign-in-title">
      {step.kind === 'link' ? (
        <MagicLinkLanding
          token={step.token}
          provider={provider}
          onSession={(data) =>
            complete(data, takeReturnTarget(data.user.emails.map(({ email }) => email)) ?? target)
          }
          onFailure={(notice) => setStep({ kind: 'email', notice })}
        />
      ) : (
        <>
          <h1 id="sign-in-title" tabIndex={-1}>
            Sign in
          </h1>
          {returnTo ? (
            <p className="muted" data-testid="redirect-note">
              After signing in you will come back to {returnTo}.
            </p>
          ) : null}
          {step.kind === 'email' && step.notice ? (
            <p className="form__error" role="alert" data-testid="link-notice">
              {step.notice}
            </p>
          ) : null}
          {step.kind === 'email' ? (
            <EmailStep
              provider={provider}
              onCodeSent={(email, methodId) => setStep({ kind: 'code', email, methodId })}
            />
          ) : null}
          {step.kind === 'email' ? alternatives : null}
          {step.kind === 'code' ? (
            <CodeStep
              email={step.email}
              methodId={step.methodId}
              provider={provider}
              onSession={(data) => complete(data, target)}
              onNewMethod={(methodId) => setStep({ ...step, methodId })}
              onLinkSent={() => {
                keepReturnTarget(redirect, step.email, Date.now() + CODE_EXPIRY_MINUTES * 60_000)
                setStep({ kind: 'link-sent', email: step.email })
              }}
              onChangeEmail={() => setStep({ kind: 'email' })}
            />
          ) : null}
          {step.kind === 'link-sent' ? (
            <div className="stack" role="status">
              <p className="lede">
                We emailed a sign-in link to{' '}
                <strong>
                  <EmailAddress email={step.email} />
                </strong>
                . Open it on this device, in this browser. It expires in {CODE_EXPIRY_MINUTES}{' '}
                minutes.
              </p>
              <button type="button" className="button" onClick={() => setStep({ kind: 'email' })}>
                Use a different email
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

/**
 * Where every sign-in link lands: exactly this page, no query. The provider matches redirect
 * URLs exactly, so this one URL is all the project registers; the way back stays on the device.
 */
const magicLinkUrl = () => new URL('/auth/email', window.location.origin).href

function EmailStep({
  provider,
  onCodeSent,
}: {
  provider: SignInProvider
  onCodeSent(email: string, methodId: string): void
}) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const address = email.trim()
    if (!isValidEmail(address)) {
      setError('Enter a valid email address, like name@example.com.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { methodId } = await provider.sendCode(address)
      onCodeSent(address, methodId)
    } catch (failure) {
      setError(signInErrorText(failure))
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lede">We will email you a 6-digit code. No password needed.</p>
      <label className="field">
        <span className="field__label">Email</span>
        <input
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => provider.warm?.()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
        />
      </label>
      {error ? (
        <p id="email-error" className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Sending code…' : 'Send code'}
      </button>
    </form>
  )
}

function useCooldown(seconds: number) {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, () => setLeft(seconds)] as const
}

function CodeStep({
  email,
  methodId,
  provider,
  onSession,
  onNewMethod,
  onLinkSent,
  onChangeEmail,
}: {
  email: string
  methodId: string
  provider: SignInProvider
  onSession(data: AuthenticateData): Promise<void>
  onNewMethod(methodId: string): void
  onLinkSent(): void
  onChangeEmail(): void
}) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<null | 'verify' | 'resend' | 'link'>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [cooldown, restartCooldown] = useCooldown(RESEND_COOLDOWN_SECONDS)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => input.current?.focus(), [])

  async function run(kind: 'verify' | 'resend' | 'link', action: () => Promise<void>) {
    setBusy(kind)
    setError(null)
    setNotice(null)
    try {
      await action()
    } catch (failure) {
      setError(signInErrorText(failure))
    } finally {
      setBusy(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6 digits from the email.')
      return
    }
    void run('verify', async () => onSession(await provider.verifyCode(code, methodId)))
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="lede">
        We emailed a 6-digit code to{' '}
        <strong>
          <EmailAddress email={email} />
        </strong>
        . It expires in {CODE_EXPIRY_MINUTES} minutes.
      </p>
      <label className="field">
        <span className="field__label">6-digit code</span>
        <input
          ref={input}
          className="input input--code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          // Pasted codes often carry spaces or dashes: keep the digits only.
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-error' : undefined}
        />
      </label>
      {error ? (
        <p id="code-error" className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form__notice" role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy !== null}>
        {busy === 'verify' ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="form__links">
        <button
          type="button"
          className="link-button"
          disabled={busy !== null || cooldown > 0}
          onClick={() =>
            void run('resend', async () => {
              const { methodId: next } = await provider.sendCode(email)
              onNewMethod(next)
              setCode('')
              restartCooldown()
              setNotice('A new code is on its way.')
            })
          }
        >
          {cooldown > 0 ? `Resend code in ${cooldown} s` : 'Resend code'}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={busy !== null}
          onClick={() =>
            void run('link', async () => {
              await provider.sendLink(email, magicLinkUrl())
              onLinkSent()
            })
          }
        >
          Email me a sign-in link instead
        </button>
        <button
          type="button"
          className="link-button"
          disabled={busy !== null}
          onClick={onChangeEmail}
        >
          Use a different email
        </button>
      </div>
    </form>
  )
}

function MagicLinkLanding({
  token,
  provider,
  onSession,
  onFailure,
}: {
  token: string
  provider: SignInProvider
  onSession(data: AuthenticateData): Promise<void>
  /** The link did not sign the holder in: back to the email form, with why. */
  onFailure(notice: string): void
}) {
  const started = useRef(false)

  useEffect(() => {
    // Once only (StrictMode runs effects twice): a magic-link token is single-use.
    if (started.current) return
    started.current = true
    // The token leaves the address bar before it is used, so a reload cannot replay it.
    stripMagicLink()
    provider
      .authenticateLink(token)
      .then(onSession)
      .catch((failure: unknown) => {
        // The provider's error type says why (expired, used, another browser); never the token.
        const errorType = isRecord(failure) ? failure.error_type : undefined
        reportError(failure, {
          op: 'magic-link',
          errorType: typeof errorType === 'string' ? errorType : 'none',
        })
        onFailure(linkErrorText(failure))
      })
  }, [token, provider, onSession, onFailure])

  return (
    <div className="stack" role="status" aria-live="polite">
      <h1 id="sign-in-title" tabIndex={-1}>
        Signing you in…
      </h1>
      <div className="progress" aria-hidden="true" />
    </div>
  )
}

/** Who is signed in here, with Continue and Sign out. */
function AlreadySignedIn({
  email,
  onContinue,
  onSignOut,
}: Omit<SignedInChoice, 'onContinue'> & { onContinue(): void }) {
  const { signingOut, error, signOut } = useSignOut(onSignOut)
  return (
    <section className="page page--narrow stack" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title" tabIndex={-1}>
        You are signed in
      </h1>
      <p data-testid="signed-in-as">
        Signed in as <strong>{email ? <EmailAddress email={email} /> : 'a wallet'}</strong>.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
