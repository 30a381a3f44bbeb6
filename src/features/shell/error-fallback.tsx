/** The screen shown when a page fails: says so plainly, reports the error, offers a way on. */
import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
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
        <p className="eyebrow">Error</p>
        <h1 id="error-title" tabIndex={-1}>
          Something went wrong
        </h1>
        <p className="lede">
          This page stopped working. Your cards and events are safe: try again, or go back to the
          home page.
        </p>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={tryAgain}>
            Try again
          </button>
          {/* A full load: whatever broke in this page's state is left behind. */}
          <a href="/" className="button">
            Back to home
          </a>
        </div>
      </section>
    </AppShell>
  )
}
