/** Page frame: header with the wordmark and actions, the main column, and a footer. */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { BrandMark } from './brand-mark.tsx'

/**
 * Wraps every route; `actions` sit at the right of the header (theme toggle, account link). The
 * product name and its tagline stay in English in every language.
 */
export function AppShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="header">
        <div className="header__inner">
          <Link
            to="/"
            className="wordmark"
            aria-label={t({
              message: 'IYK Cards home',
              comment: 'Link to the home page; IYK Cards is the product name: keep it in English',
            })}
          >
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
