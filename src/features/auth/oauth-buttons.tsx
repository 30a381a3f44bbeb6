/** "Continue with Google" and "Continue with Apple": the provider's OAuth, back to the one landing URL. */
import { useEffect, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepOAuthReturnTarget } from './return-target.ts'
import { inWords, signInError, type SignInMessage } from './sign-in-errors.ts'
import { landingUrl } from './sign-in-landing.ts'
import type { OAuthProvider, SignInProvider } from './sign-in-provider.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/**
 * How long the way back is kept for a round trip: the provider gives the holder 10 minutes on
 * the consent step and its token 10 more; a holder slower than this lands on the home page.
 */
export const OAUTH_RETURN_MINUTES = 20

/** Each button's label, and what it says while the provider's page opens (brand names kept). */
const LABELS: Record<OAuthProvider, { start: MessageDescriptor; opening: MessageDescriptor }> = {
  google: { start: msg`Continue with Google`, opening: msg`Opening Google…` },
  apple: { start: msg`Continue with Apple`, opening: msg`Opening Apple…` },
}

/** Props: the provider calls, and where the holder was going (kept on the device meanwhile). */
export interface OAuthButtonsProps {
  provider: SignInProvider
  redirect?: string | undefined
}

/** The two buttons; a start that fails says why and leaves the holder here to try again. */
export function OAuthButtons({ provider, redirect }: OAuthButtonsProps) {
  const [leaving, setLeaving] = useState<OAuthProvider | null>(null)
  const { t, i18n } = useLingui()
  const [error, setError] = useState<SignInMessage | null>(null)

  // Back from the provider's page, a browser may show this page as it was left (its back-forward
  // cache): "Opening…" then, with both buttons held. They are usable again.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null)
    }
    window.addEventListener('pageshow', back)
    return () => window.removeEventListener('pageshow', back)
  }, [])

  async function start(which: OAuthProvider) {
    setLeaving(which)
    setError(null)
    // Kept before leaving: the provider sends the holder back to the bare landing URL.
    keepOAuthReturnTarget(redirect, Date.now() + OAUTH_RETURN_MINUTES * 60_000)
    try {
      await provider.startOAuth(which, landingUrl())
      // Started: the page is on its way to the provider and stays "Opening…" until it goes.
    } catch (failure) {
      setError(signInError(failure))
      setLeaving(null)
    }
  }

  return (
    <section className="stack oauth-sign-in" aria-labelledby="oauth-sign-in-title">
      <h2 id="oauth-sign-in-title">
        <Trans>Or use Google or Apple</Trans>
      </h2>
      {(['google', 'apple'] as const).map((which) => (
        <button
          key={which}
          type="button"
          className="button"
          disabled={leaving !== null}
          aria-busy={leaving === which || undefined}
          onPointerEnter={() => provider.warm?.()}
          onFocus={() => provider.warm?.()}
          onClick={() => void start(which)}
        >
          {t(leaving === which ? LABELS[which].opening : LABELS[which].start)}
        </button>
      ))}
      {error ? <FormError>{inWords(error, i18n)}</FormError> : null}
    </section>
  )
}
