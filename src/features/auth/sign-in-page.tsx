/**
 * The sign-in page: email, then the emailed 6-digit code (or a magic link); or a texted code; or
 * Google or Apple through the provider; then back to the app.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { isRecord } from '../../core/validation.ts'
import { redirectTarget } from '../../core/redirect.ts'
import { CODE_EXPIRY_MINUTES, stytchSignIn, type SignInProvider } from './sign-in-provider.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { keepReturnTarget, takeOAuthReturnTarget, takeReturnTarget } from './return-target.ts'
import {
  isValidEmail,
  linkErrorText,
  oauthErrorText,
  signInErrorText,
  UNUSABLE_LINK_TEXT,
} from './sign-in-errors.ts'
import {
  landingHref,
  landingUrl,
  readSignInLanding,
  stripSignInToken,
  type LandingType,
} from './sign-in-landing.ts'
import { CodeStep } from './code-step.tsx'
import { OAuthButtons } from './oauth-buttons.tsx'
import { PasskeySignIn } from './passkey-sign-in.tsx'
import type { PasskeyProvider } from './passkey-provider.ts'
import { PhoneStepLoader } from './phone-step-loader.tsx'
import { EmailAddress } from '../../shared/email-address.tsx'
import { SignedInAs } from '../../shared/signed-in-as.tsx'
import { targetName } from './target-name.ts'
import { useSignOut } from '../../shared/use-sign-out.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

type Step =
  /** `notice`: why a sign-in link that brought the holder here did not sign them in. */
  | { kind: 'email'; notice?: string }
  | { kind: 'code'; email: string; methodId: string }
  | { kind: 'link-sent'; email: string }
  | { kind: 'phone' }
  /** `phoneNumber` in E.164 for the provider; `shown` in international format for the holder. */
  | { kind: 'sms-code'; phoneNumber: string; shown: string; methodId: string }
  /** Back from a magic link or from Google or Apple, with a token to exchange. */
  | { kind: 'link'; token: string; type: LandingType }

/** Props: where to go afterwards, the provider calls, and what to do with a new session. */
export interface SignInPageProps {
  redirect?: string | undefined
  /** Hands the session to the session host and leaves the page; rejects when the hand-off fails. */
  complete(data: AuthenticateData, target: string): Promise<void>
  provider?: SignInProvider
  /** Passkey sign-in (the real provider unless a test passes its own). */
  passkeys?: PasskeyProvider
  /** The current location (for the magic-link landing); tests pass their own. */
  href?: string
  /** Other ways to sign in (the wallet), shown under the email form. */
  alternatives?: ReactNode
  /** Set when someone is already signed in here: who, and what they can do instead. */
  signedIn?: SignedInChoice | undefined
}

/** A holder already signed in on this device: their address or number (none for a wallet), and choices. */
export interface SignedInChoice {
  email: string | null
  /** Their phone number, for a holder who signed in by text message. */
  phone?: string | null
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
  passkeys,
  href,
  alternatives,
  signedIn,
}: SignInPageProps) {
  // No location while the build prerenders the page's first-paint frame: no link landed there.
  const [landing] = useState(() => {
    const location = href ?? (typeof window === 'undefined' ? null : landingHref())
    return location === null ? null : readSignInLanding(location)
  })
  const [step, setStep] = useState<Step>(() => {
    if (landing?.kind === 'token') return { kind: 'link', token: landing.token, type: landing.type }
    if (landing?.kind === 'unusable') {
      return { kind: 'email', notice: UNUSABLE_LINK_TEXT[landing.reason] }
    }
    return { kind: 'email' }
  })
  // What was typed in the email field, kept across a visit to the phone step.
  const [email, setEmail] = useState('')
  // Set once the holder has moved between steps: each step's field then takes the focus (never
  // on arrival, where it would open the keyboard over the page).
  const [moved, setMoved] = useState(false)
  const go = (next: Step) => {
    setMoved(true)
    setStep(next)
  }
  /** Back to an empty email step ("Use a different email"). */
  const otherEmail = () => {
    setEmail('')
    go({ kind: 'email' })
  }
  const target = redirectTarget(redirect)
  const returnTo = targetName(redirect)
  useEffect(() => {
    // A link too damaged to try is not used, but it must not stay in the address bar either,
    // and nobody would hear of it unless it is reported (without the token).
    if (landing?.kind !== 'unusable') return
    stripSignInToken()
    reportError(new Error('Unusable sign-in link'), { op: 'magic-link', reason: landing.reason })
  }, [landing])

  // A sign-in link still signs in (it may be another holder's, on a shared phone); otherwise a
  // holder already signed in sees who, rather than a form that would replace them.
  if (signedIn && step.kind === 'email') {
    return (
      <AlreadySignedIn
        {...signedIn}
        notice={step.notice}
        onContinue={() => signedIn.onContinue(target)}
      />
    )
  }

  return (
    <section className="page page--narrow" aria-labelledby="sign-in-title">
      {step.kind === 'link' ? (
        <TokenLanding
          token={step.token}
          type={step.type}
          provider={provider}
          onSession={(data) => {
            const kept =
              step.type === 'oauth'
                ? takeOAuthReturnTarget()
                : takeReturnTarget(data.user.emails.map(({ email }) => email))
            return complete(data, kept ?? target)
          }}
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
            <FormError data-testid="link-notice">{step.notice}</FormError>
          ) : null}
          {step.kind === 'email' ? (
            <EmailStep
              provider={provider}
              email={email}
              onEmailChange={setEmail}
              autoFocus={moved}
              onCodeSent={(address, methodId) =>
                setStep({ kind: 'code', email: address, methodId })
              }
            />
          ) : null}
          {step.kind === 'email' ? (
            <>
              <div className="form__links">
                <button type="button" className="link-button" onClick={() => go({ kind: 'phone' })}>
                  Text me a code instead
                </button>
              </div>
              <PasskeySignIn
                {...(passkeys ? { passkeys } : {})}
                onSession={(data) => complete(data, target)}
              />
              <OAuthButtons provider={provider} redirect={redirect} />
            </>
          ) : null}
          {step.kind === 'email' ? alternatives : null}
          {step.kind === 'code' ? (
            <CodeStep
              sentTo={
                <>
                  We emailed a 6-digit code to{' '}
                  <strong>
                    <EmailAddress email={step.email} />
                  </strong>
                </>
              }
              source="email"
              methodId={step.methodId}
              provider={provider}
              onSession={(data) => complete(data, target)}
              resend={async () => (await provider.sendCode(step.email)).methodId}
              onNewMethod={(methodId) => setStep({ ...step, methodId })}
              alternatives={[
                {
                  label: 'Email me a sign-in link instead',
                  run: async () => {
                    await provider.sendLink(step.email, landingUrl())
                    keepReturnTarget(
                      redirect,
                      step.email,
                      Date.now() + CODE_EXPIRY_MINUTES * 60_000,
                    )
                    setStep({ kind: 'link-sent', email: step.email })
                  },
                },
              ]}
              change={{
                label: 'Use a different email',
                onChange: otherEmail,
              }}
            />
          ) : null}
          {step.kind === 'phone' ? (
            <PhoneStepLoader
              provider={provider}
              onCodeSent={(phoneNumber, methodId, shown) =>
                setStep({ kind: 'sms-code', phoneNumber, shown, methodId })
              }
              onUseEmail={() => go({ kind: 'email' })}
            />
          ) : null}
          {step.kind === 'sms-code' ? (
            <CodeStep
              sentTo={
                <>
                  We texted a 6-digit code to <strong className="phone-number">{step.shown}</strong>
                </>
              }
              source="text message"
              methodId={step.methodId}
              provider={provider}
              onSession={(data) => complete(data, target)}
              resend={async () => (await provider.sendSmsCode(step.phoneNumber)).methodId}
              onNewMethod={(methodId) => setStep({ ...step, methodId })}
              change={{
                label: 'Use a different number',
                onChange: () => go({ kind: 'phone' }),
              }}
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
              <button type="button" className="button" onClick={otherEmail}>
                Use a different email
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

function EmailStep({
  provider,
  email,
  onEmailChange,
  autoFocus,
  onCodeSent,
}: {
  provider: SignInProvider
  email: string
  onEmailChange(email: string): void
  /** Takes the focus when shown (after the holder moved here from another step). */
  autoFocus: boolean
  onCodeSent(email: string, methodId: string): void
}) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const focusOnShow = useRef(autoFocus)
  useEffect(() => {
    if (focusOnShow.current) input.current?.focus()
  }, [])

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
          ref={input}
          className="input"
          type="email"
          name="email"
          // `webauthn`: the holder's passkeys are offered in this field's autofill too.
          autoComplete="username webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          onFocus={() => provider.warm?.()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
        />
      </label>
      {error ? <FormError id="email-error">{error}</FormError> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Sending code…' : 'Send code'}
      </button>
    </form>
  )
}

/** Exchanges a landing's token: a magic link's, or the one Google or Apple sign-in brought back. */
function TokenLanding({
  token,
  type,
  provider,
  onSession,
  onFailure,
}: {
  token: string
  type: LandingType
  provider: SignInProvider
  onSession(data: AuthenticateData): Promise<void>
  /** The token did not sign the holder in: back to the email form, with why. */
  onFailure(notice: string): void
}) {
  const started = useRef(false)

  useEffect(() => {
    // Once only (StrictMode runs effects twice): both kinds of token are single-use.
    if (started.current) return
    started.current = true
    // The token leaves the address bar before it is used, so a reload cannot replay it.
    stripSignInToken()
    const oauth = type === 'oauth'
    ;(oauth ? provider.authenticateOAuth(token) : provider.authenticateLink(token))
      .then(onSession)
      .catch((failure: unknown) => {
        // The provider's error type says why (expired, used, another browser); never the token.
        const errorType = isRecord(failure) ? failure.error_type : undefined
        reportError(failure, {
          op: oauth ? 'oauth' : 'magic-link',
          errorType: typeof errorType === 'string' ? errorType : 'none',
        })
        onFailure(oauth ? oauthErrorText(failure) : linkErrorText(failure))
      })
  }, [token, type, provider, onSession, onFailure])

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
  phone = null,
  notice,
  onContinue,
  onSignOut,
}: Omit<SignedInChoice, 'onContinue'> & {
  /** Why a sign-in link that landed here did not sign anyone in. */
  notice?: string | undefined
  onContinue(): void
}) {
  const { signingOut, error, signOut } = useSignOut(onSignOut)
  return (
    <section className="page page--narrow stack" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title" tabIndex={-1}>
        You are signed in
      </h1>
      {notice ? <FormError data-testid="link-notice">{notice}</FormError> : null}
      <p data-testid="signed-in-as">
        Signed in as{' '}
        <strong>
          <SignedInAs email={email} phone={phone} />
        </strong>
        .
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  )
}
