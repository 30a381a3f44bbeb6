/**
 * The phone step, loaded when the holder opens it: the phone-number library and its metadata are
 * a chunk of their own, never part of start-up (decision 019). Says so while it loads, and offers
 * to try again (or to use email) if it cannot load.
 */
import { Suspense } from 'react'
import { ChunkBoundary } from '../../shared/chunk-boundary.tsx'
import { retryableLazy } from '../../shared/retryable-lazy.tsx'
import type { PhoneStepProps } from './phone-step.tsx'

const LazyPhoneStep = retryableLazy(() =>
  import('./phone-step.tsx').then((module) => module.PhoneStep),
)

/** The phone step, its loading state and its load failure. */
export function PhoneStepLoader(props: PhoneStepProps) {
  return (
    <ChunkBoundary
      boundary="phone-step"
      message="Text-message sign-in could not load. Check your connection and try again."
      onRetry={LazyPhoneStep.retry}
      actions={
        <div className="form__links">
          <button type="button" className="link-button" onClick={props.onUseEmail}>
            Use email instead
          </button>
        </div>
      }
    >
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
    </ChunkBoundary>
  )
}
