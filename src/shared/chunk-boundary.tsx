/** Catches a lazily loaded part that failed to load or crashed: a message and a retry, never a blank page. */
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { reportError } from './error-reporting.ts'

/** Props: what to guard, how its failure is reported and told, and what "Try again" does first. */
export interface ChunkBoundaryProps {
  children: ReactNode
  /** Names the boundary in error reports (`wallet`, `phone-step`). */
  boundary: string
  /**
   * What failed, in words (`The wallet could not load. Check your connection and try again.`),
   * translated by the caller, which re-renders this boundary when the language changes.
   */
  message: ReactNode
  /** Called on "Try again" before the children render again (e.g. to load a failed chunk again). */
  onRetry?: () => void
  /** Other ways on, shown under the notice (e.g. another way to sign in). */
  actions?: ReactNode
}

/** An error boundary with a notice, "Try again" and, if given, other ways on. */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { boundary: this.props.boundary, componentStack: info.componentStack ?? '' })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const notice = (
      <div className="notice notice--error stack" role="alert">
        <p>{this.props.message}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            this.props.onRetry?.()
            this.setState({ failed: false })
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    )
    if (!this.props.actions) return notice
    return (
      <div className="stack">
        {notice}
        {this.props.actions}
      </div>
    )
  }
}
