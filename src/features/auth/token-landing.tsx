/** The sign-in page on arrival from a magic link, or from Google or Apple: the token exchanged. */
import { useEffect, useRef } from 'react'
import { Trans } from '@lingui/react/macro'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { isRecord } from '../../core/validation.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { linkError, oauthError, type SignInMessage } from './sign-in-errors.ts'
import { stripSignInToken, type LandingType } from './sign-in-landing.ts'
import type { SignInProvider } from './sign-in-provider.ts'

/** Exchanges a landing's token: a magic link's, or the one Google or Apple sign-in brought back. */
export function TokenLanding({
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
  onFailure(notice: SignInMessage): void
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
        onFailure(oauth ? oauthError(failure) : linkError(failure))
      })
  }, [token, type, provider, onSession, onFailure])

  return (
    <div className="stack" role="status" aria-live="polite">
      <h1 id="sign-in-title" tabIndex={-1}>
        <Trans>Signing you in…</Trans>
      </h1>
      <div className="progress" aria-hidden="true" />
    </div>
  )
}
