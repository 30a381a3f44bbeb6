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
  /** Starts loading the code now (on intent), so the first render need not wait for it. */
  preload(): void
}

/** Like `lazy(load)`, with `retry()` for an error boundary's "Try again". */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): RetryableLazy<P> {
  let failed = false
  // One import at a time: a preload and the first render share it; a failed one is forgotten.
  let loading: Promise<ComponentType<P>> | null = null
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await loadOnce() }
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
    preload() {
      // A preload that fails is not an error yet: the render that needs the code tries again.
      loadOnce().catch(() => {})
    },
  }
}
