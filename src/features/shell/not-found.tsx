/** The page for a route that does not exist. */
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'

/** Says plainly that nothing is here and offers the way home. */
export function NotFound() {
  const { t } = useLingui()
  useDocumentTitle(t`Page not found`)
  return (
    <section className="page page--center" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="lede">
        <Trans>There is nothing at this address. It may have moved, or the link is mistyped.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  )
}
