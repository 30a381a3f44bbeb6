/** The anonymous home page: what the app is, what a card does, sign in and install. */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'

/** What a card does, step by step; translated where it is shown. */
const steps = [
  {
    title: msg`Tap your card`,
    text: msg`Hold your card to your phone. It opens this app, no typing.`,
  },
  {
    title: msg`Collect the moment`,
    text: msg`Each tap at an event adds its collectible to your list.`,
  },
  {
    title: msg`Keep it with you`,
    text: msg`Your events stay on this device, even with no signal.`,
  },
]

/** The landing page; `install` is the install action when the browser offers one. */
export function LandingPage({ install }: { install?: ReactNode }) {
  const { t } = useLingui()
  useDocumentTitle(null)
  return (
    <section className="page landing" aria-labelledby="landing-title">
      <div className="hero">
        <h1 id="landing-title" className="hero__title">
          <Trans>Your events, one tap away</Trans>
        </h1>
        <p className="lede">
          <Trans>
            Your card holds the events you have been to. Sign in to see your collectibles, and tap
            your card at the next one.
          </Trans>
        </p>
        <div className="actions">
          <Link to="/auth/email" className="button button--primary">
            <Trans>Sign in</Trans>
          </Link>
          {install}
        </div>
      </div>
      <ol className="steps" aria-label={t`How your card works`}>
        {steps.map((step, index) => (
          <li key={step.title.id} className="card step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h2 className="step__title">{t(step.title)}</h2>
            <p>{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
