/** The page for a route that does not exist. */
import { Link } from '@tanstack/react-router'

/** Says plainly that nothing is here and offers the way home. */
export function NotFound() {
  return (
    <section className="page page--center" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="lede">
        There is nothing at this address. It may have moved, or the link is mistyped.
      </p>
      <Link to="/" className="button">
        Back to home
      </Link>
    </section>
  )
}
