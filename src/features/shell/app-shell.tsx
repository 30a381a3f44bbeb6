/** Page frame: header with the wordmark and actions, the main column, and a footer. */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { BrandMark } from './brand-mark.tsx'

/** Wraps every route; `actions` sit at the right of the header (theme toggle, account link). */
export function AppShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <div className="header__inner">
          <Link to="/" className="wordmark" aria-label="IYK Cards home">
            <BrandMark />
            <span>IYK Cards</span>
          </Link>
          <div className="header__actions">{actions}</div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <p>Your key to the wwworld.</p>
      </footer>
    </div>
  )
}
