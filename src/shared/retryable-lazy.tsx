/**
 * `React.lazy` keeps a failed import for good, so "Try again" after a chunk failed to load (offline,
 * a new deploy) would only throw the same error again. This lazy component can start over. And
 * once its code has loaded (a preload finished), it renders at once, never suspending: a screen
 * whose code was loaded ahead shows no fallback and needs no second render pass.
 */
import { lazy, useState, type ComponentType } from 'react'

/** A lazily loaded component and how to make its next render load it afresh. */
export interface RetryableLazy<P extends object> {
  Component: ComponentType<P>
  /** After a failed load: the next render imports again. */
  retry(): void
  /** Starts loading the code now (on intent), so the first render need not wait for it. */
  preload(): void
  /** Loads the code now; resolves once it has loaded (then a render never suspends). */
  load(): Promise<void>
}

/** Like `lazy(load)`, with `retry()` for an error boundary's "Try again". */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): RetryableLazy<P> {
  let failed = false
  // The component once its code has loaded: rendered directly from then on.
  let Loaded: ComponentType<P> | null = null
  // One import at a time: a preload and the first render share it; a failed one is forgotten.
  let loading: Promise<ComponentType<P>> | null = null
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
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
    // Which of the two is fixed when it mounts: switching would mount the component anew.
    Component: function RetryableLazy(props: P) {
      const [Chosen] = useState<ComponentType<P>>(() => Loaded ?? Current)
      return <Chosen {...props} />
    },
    retry() {
      if (!failed) return
      failed = false
      Current = attempt()
    },
    preload() {
      // A preload that fails is not an error yet: the render that needs the code tries again.
      loadOnce().catch(() => {})
    },
    async load() {
      await loadOnce()
    },
  }
}
