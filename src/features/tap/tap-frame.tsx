/** The tap page's first-paint frame, built at build time (src/app/prerender.tsx). */
import { Trans } from '@lingui/react/macro'
import { SignInToCollect } from './tap-outcome.tsx'
import './tap.css'

/**
 * The tap page before the app has read the link (the build's first-paint frame): its heading and,
 * for a visitor nobody signed in as here, the same invitation the app will show (its link already
 * works), else the space the answer will take.
 */
export function TapFrame({ anonymous = false }: { anonymous?: boolean }) {
  return (
    <section className="page page--narrow tap" aria-labelledby="tap-title" aria-busy="true">
      <h1 id="tap-title" tabIndex={-1}>
        <Trans comment="Heading of the page a card's link opens">Card tap</Trans>
      </h1>
      {anonymous ? (
        <SignInToCollect search="" deviceOnline />
      ) : (
        <div className="card tap__pending" />
      )}
    </section>
  )
}
