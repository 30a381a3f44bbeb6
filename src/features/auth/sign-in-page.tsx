/**
 * The sign-in page: email, then the emailed 6-digit code (or a magic link); or a texted code; or
 * Google or Apple through the provider; then back to the app.
 */
import { useEffect, useReducer, useState, type ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { redirectTarget } from '../../core/redirect.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { EmailAddress } from '../../shared/email-address.tsx'
import { FormError } from '../../shared/ui/form-error.tsx'
import { AlreadySignedIn, type SignedInChoice } from './already-signed-in.tsx'
import { CodeStep } from './code-step.tsx'
import { EmailStep } from './email-step.tsx'
import { OAuthButtons } from './oauth-buttons.tsx'
import type { PasskeyProvider } from './passkey-provider.ts'
import { PasskeySignIn } from './passkey-sign-in.tsx'
import { PhoneStepLoader } from './phone-step-loader.tsx'
import { keepReturnTarget, takeOAuthReturnTarget, takeReturnTarget } from './return-target.ts'
import { landingHref, landingUrl, readSignInLanding, stripSignInToken } from './sign-in-landing.ts'
import { inWords } from './sign-in-errors.ts'
import { CODE_EXPIRY_MINUTES, stytchSignIn, type SignInProvider } from './sign-in-provider.ts'
import { initialSignInState, signInReducer, type Step } from './sign-in-steps.ts'
import { returnNote } from './target-name.ts'
import { TokenLanding } from './token-landing.tsx'

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
  /** The language switch, under the form: a visitor reading another language finds it here. */
  languagePicker?: ReactNode
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
  languagePicker,
}: SignInPageProps) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Sign in`)
  // No location while the build prerenders the page's first-paint frame: no link landed there.
  const [landing] = useState(() => {
    const location = href ?? (typeof window === 'undefined' ? null : landingHref())
    return location === null ? null : readSignInLanding(location)
  })
  const [state, dispatch] = useReducer(signInReducer, landing, initialSignInState)
  const { step, email, moved } = state
  const target = redirectTarget(redirect)
  const note = returnNote(redirect)
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

  if (step.kind === 'link') {
    return (
      <section className="page page--narrow" aria-labelledby="sign-in-title">
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
          onFailure={(notice) => dispatch({ type: 'link-failed', notice })}
        />
      </section>
    )
  }

  const minutes = CODE_EXPIRY_MINUTES

  /** The step the holder is on, below the page's heading. */
  function currentStep(step: Exclude<Step, { kind: 'link' }>): ReactNode {
    switch (step.kind) {
      case 'email':
        return (
          <>
            {step.notice ? (
              <FormError data-testid="link-notice">{inWords(step.notice, i18n)}</FormError>
            ) : null}
            <EmailStep
              provider={provider}
              email={email}
              onEmailChange={(typed) => dispatch({ type: 'email-typed', email: typed })}
              autoFocus={moved}
              onCodeSent={(address, methodId) =>
                dispatch({ type: 'code-sent', email: address, methodId })
              }
            />
            <div className="form__links">
              <button
                type="button"
                className="link-button"
                onClick={() => dispatch({ type: 'phone-chosen' })}
              >
                <Trans>Text me a code instead</Trans>
              </button>
            </div>
            <PasskeySignIn
              {...(passkeys ? { passkeys } : {})}
              onSession={(data) => complete(data, target)}
            />
            <OAuthButtons provider={provider} redirect={redirect} />
            {alternatives}
          </>
        )
      case 'code':
        return (
          <CodeStep
            sentTo={
              <Trans comment="<1/> is the holder's email address">
                We emailed a 6-digit code to{' '}
                <strong>
                  <EmailAddress email={step.email} />
                </strong>
                .
              </Trans>
            }
            source="email"
            methodId={step.methodId}
            provider={provider}
            onSession={(data) => complete(data, target)}
            resend={async () => (await provider.sendCode(step.email)).methodId}
            onNewMethod={(methodId) => dispatch({ type: 'code-resent', methodId })}
            alternatives={[
              {
                label: t`Email me a sign-in link instead`,
                run: async () => {
                  await provider.sendLink(step.email, landingUrl())
                  keepReturnTarget(redirect, step.email, Date.now() + CODE_EXPIRY_MINUTES * 60_000)
                  dispatch({ type: 'link-sent', email: step.email })
                },
              },
            ]}
            change={{
              label: t`Use a different email`,
              onChange: () => dispatch({ type: 'other-email' }),
            }}
          />
        )
      case 'phone':
        return (
          <PhoneStepLoader
            provider={provider}
            onCodeSent={(phoneNumber, methodId, shown) =>
              dispatch({ type: 'sms-code-sent', phoneNumber, shown, methodId })
            }
            onUseEmail={() => dispatch({ type: 'email-chosen' })}
          />
        )
      case 'sms-code': {
        const { shown: phone } = step
        return (
          <CodeStep
            sentTo={
              <Trans>
                We texted a 6-digit code to <strong className="phone-number">{phone}</strong>.
              </Trans>
            }
            source="text message"
            methodId={step.methodId}
            provider={provider}
            onSession={(data) => complete(data, target)}
            resend={async () => (await provider.sendSmsCode(step.phoneNumber)).methodId}
            onNewMethod={(methodId) => dispatch({ type: 'code-resent', methodId })}
            change={{
              label: t`Use a different number`,
              onChange: () => dispatch({ type: 'phone-chosen' }),
            }}
          />
        )
      }
      case 'link-sent':
        return (
          <div className="stack" role="status">
            <p className="lede">
              <Trans comment="<1/> is the holder's email address">
                We emailed a sign-in link to{' '}
                <strong>
                  <EmailAddress email={step.email} />
                </strong>
                .
              </Trans>{' '}
              <Trans>Open it on this device, in this browser.</Trans>{' '}
              <Plural
                value={minutes}
                one="It expires in # minute."
                other="It expires in # minutes."
              />
            </p>
            <button
              type="button"
              className="button"
              onClick={() => dispatch({ type: 'other-email' })}
            >
              <Trans>Use a different email</Trans>
            </button>
          </div>
        )
    }
  }

  return (
    <section className="page page--narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" tabIndex={-1}>
        <Trans>Sign in</Trans>
      </h1>
      {note ? (
        <p className="muted" data-testid="redirect-note">
          {t(note)}
        </p>
      ) : null}
      {currentStep(step)}
      {languagePicker}
    </section>
  )
}
