/**
 * `React.lazy` keeps a failed import for good, so "Try again" after a chunk failed to load (offline,
 * a new deploy) would only throw the same error again. This lazy component can start over.
 */
import { lazy, type ComponentType } from 'react'

/** A lazily loaded component and how to make its next render load it afresh. */
export interface RetryableLazy<P extends object> {
  Component: ComponentType<P>
  /** After a failed load: the next render imports again. */
  retry(): void
}

/** Like `lazy(load)`, with `retry()` for an error boundary's "Try again". */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): RetryableLazy<P> {
  let failed = false
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await load() }
      } catch (error) {
        failed = true
        throw error
      }
    })
  let Current = attempt()
  return {
    Component: (props: P) => <Current {...props} />,
    retry() {
      if (!failed) return
      failed = false
      Current = attempt()
    },
  }
}
