/**
 * The phone step, loaded when the holder opens it: the phone-number library and its metadata are
 * a chunk of their own, never part of start-up (decision 019). Says so while it loads, and offers
 * to try again (or to use email) if it cannot load.
 */
import { Suspense } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ChunkBoundary } from '../../shared/chunk-boundary.tsx'
import { retryableLazy } from '../../shared/retryable-lazy.tsx'
import type { PhoneStepProps } from './phone-step.tsx'

const LazyPhoneStep = retryableLazy(() =>
  import('./phone-step.tsx').then((module) => module.PhoneStep),
)

/** The phone step, its loading state and its load failure. */
export function PhoneStepLoader(props: PhoneStepProps) {
  const { t } = useLingui()
  return (
    <ChunkBoundary
      boundary="phone-step"
      message={t`Text-message sign-in could not load. Check your connection and try again.`}
      onRetry={LazyPhoneStep.retry}
      actions={
        <div className="form__links">
          <button type="button" className="link-button" onClick={props.onUseEmail}>
            <Trans>Use email instead</Trans>
          </button>
        </div>
      }
    >
      <Suspense
        fallback={
          <div className="stack" role="status" aria-live="polite">
            <p className="lede">
              <Trans>Getting text-message sign-in ready…</Trans>
            </p>
            <div className="progress" aria-hidden="true" />
          </div>
        }
      >
        <LazyPhoneStep.Component {...props} />
      </Suspense>
    </ChunkBoundary>
  )
}
