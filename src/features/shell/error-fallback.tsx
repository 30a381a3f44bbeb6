/** The screen shown when a page fails: says so plainly, reports the error, offers a way on. */
import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { reportError } from '../../shared/error-reporting.ts'
import { AppShell } from './app-shell.tsx'

/** The root route's error component (TanStack Router's error boundary). */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  useEffect(() => {
    reportError(error, { boundary: 'root' })
  }, [error])

  const tryAgain = () => {
    reset()
    void router.invalidate()
  }

  return (
    <AppShell>
      <section className="page page--center" aria-labelledby="error-title">
        <p className="eyebrow">
          <Trans comment="Small label above the heading of the page shown when a page fails">
            Error
          </Trans>
        </p>
        <h1 id="error-title" tabIndex={-1}>
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="lede">
          <Trans>
            This page stopped working. Your cards and events are safe: try again, or go back to the
            home page.
          </Trans>
        </p>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={tryAgain}>
            <Trans>Try again</Trans>
          </button>
          {/* A full load: whatever broke in this page's state is left behind. */}
          <a href="/" className="button">
            <Trans>Back to home</Trans>
          </a>
        </div>
      </section>
    </AppShell>
  )
}
