/** How to install the app from here: the browser's prompt, iOS steps, or "Installed". */
import { useState } from 'react'
import { isIos, isIosSafari, isStandalone } from './platform-detect.ts'
import { IosSteps } from './ios-steps.tsx'
import { useInstall } from './use-install.ts'
import './install.css'

type Platform = { standalone: boolean; ios: 'safari' | 'other' | null }

function detectPlatform(): Platform {
  return {
    standalone: isStandalone(),
    ios: isIosSafari() ? 'safari' : isIos() ? 'other' : null,
  }
}

/** The install part of the account page; what it offers depends on the browser. */
export function InstallPanel() {
  const { available, installed, install } = useInstall()
  const [platform] = useState(detectPlatform)
  const [dismissed, setDismissed] = useState(false)

  if (platform.standalone || installed) {
    return (
      <p className="install-status" role="status">
        <span className="install-status__mark" aria-hidden="true">
          ✓
        </span>{' '}
        {platform.standalone
          ? 'Installed. You are using the app.'
          : 'Installed. Open IYK Cards from your home screen or app list.'}
      </p>
    )
  }
  if (available) {
    return (
      <div className="stack">
        <p className="muted">
          Install IYK Cards: a card tap opens it directly, and your events are there offline.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void install().then((outcome) => setDismissed(outcome === 'dismissed'))}
        >
          Install app
        </button>
      </div>
    )
  }
  if (platform.ios) return <IosSteps safari={platform.ios === 'safari'} />
  return (
    <p className="muted">
      {dismissed
        ? 'Not installed. You can install IYK Cards later from your browser’s menu.'
        : 'To install IYK Cards, use your browser’s menu: “Install app” or “Add to Home screen”.'}
    </p>
  )
}
