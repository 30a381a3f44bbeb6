/**
 * The landing page's install offer: a button where the browser offers installation, the
 * "Add to Home Screen" steps (folded) on iOS, where no browser does, and nothing otherwise.
 */
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { isIos, isIosSafari, isStandalone } from './platform-detect.ts'
import { IosSteps } from './ios-steps.tsx'
import { useInstall } from './use-install.ts'

/** Which iOS browser this is, if any; none while the build prerenders the page. */
const iosBrowser = () =>
  typeof window === 'undefined' || isStandalone()
    ? null
    : isIosSafari()
      ? 'safari'
      : isIos()
        ? 'other'
        : null

/** Renders nothing until the browser's install offer arrives (or, on iOS, the steps). */
export function InstallButton({ className = 'button' }: { className?: string }) {
  const { available, install } = useInstall()
  const [ios] = useState(iosBrowser)
  if (available) {
    return (
      <button type="button" className={className} onClick={() => void install()}>
        <Trans>Install app</Trans>
      </button>
    )
  }
  if (!ios) return null
  return (
    <details className="install-hint">
      <summary>
        <Trans>Install on iPhone or iPad</Trans>
      </summary>
      <IosSteps safari={ios === 'safari'} />
    </details>
  )
}
