/** Catches a wallet screen that failed to load or crashed: a message and a retry, never a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportError } from '../../shared/error-reporting.ts'

/** Props: what to guard. */
export interface WalletBoundaryProps {
  children: ReactNode
  /** Called on "Try again" before the children render again (e.g. to load a failed chunk again). */
  onRetry?: () => void
}

/** An error boundary for the lazily loaded wallet panel and wallet sign-in. */
export class WalletBoundary extends Component<WalletBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { boundary: 'wallet', componentStack: info.componentStack ?? '' })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="notice notice--error stack" role="alert">
        <p>The wallet could not load. Check your connection and try again.</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            this.props.onRetry?.()
            this.setState({ failed: false })
          }}
        >
          Try again
        </button>
      </div>
    )
  }
}
