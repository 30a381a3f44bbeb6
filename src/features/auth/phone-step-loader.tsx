/**
 * The phone step, loaded when the holder opens it: the phone-number library and its metadata are
 * a chunk of their own, never part of start-up (decision 019). Says so while it loads, and offers
 * to try again (or to use email) if it cannot load.
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { reportError } from '../../shared/error-reporting.ts'
import { retryableLazy } from '../../shared/retryable-lazy.tsx'
import type { PhoneStepProps } from './phone-step.tsx'

const LazyPhoneStep = retryableLazy(() =>
  import('./phone-step.tsx').then((module) => module.PhoneStep),
)

interface BoundaryProps {
  children: ReactNode
  onUseEmail(): void
}

/** A phone step that failed to load: why, "Try again" and the way back to email. */
class PhoneStepBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { boundary: 'phone-step', componentStack: info.componentStack ?? '' })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="stack">
        <div className="notice notice--error stack" role="alert">
          <p>Text-message sign-in could not load. Check your connection and try again.</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              LazyPhoneStep.retry()
              this.setState({ failed: false })
            }}
          >
            Try again
          </button>
        </div>
        <div className="form__links">
          <button type="button" className="link-button" onClick={this.props.onUseEmail}>
            Use email instead
          </button>
        </div>
      </div>
    )
  }
}

/** The phone step, its loading state and its load failure. */
export function PhoneStepLoader(props: PhoneStepProps) {
  return (
    <PhoneStepBoundary onUseEmail={props.onUseEmail}>
      <Suspense
        fallback={
          <div className="stack" role="status" aria-live="polite">
            <p className="lede">Getting text-message sign-in ready…</p>
            <div className="progress" aria-hidden="true" />
          </div>
        }
      >
        <LazyPhoneStep.Component {...props} />
      </Suspense>
    </PhoneStepBoundary>
  )
}
