/** How to install the app from here: the browser's prompt, iOS steps, or "Installed". */
import { useState } from 'react'
import { isIos, isIosSafari, isStandalone } from '../../lib/platform-detect.ts'
import { useInstall } from './use-install.ts'
import './install.css'

type Platform = { standalone: boolean; ios: 'safari' | 'other' | null }

function detectPlatform(): Platform {
  return {
    standalone: isStandalone(),
    ios: isIosSafari() ? 'safari' : isIos() ? 'other' : null,
  }
}

/** Safari's own wording, so the steps match what the holder sees. */
function IosSteps({ safari }: { safari: boolean }) {
  return (
    <>
      <p className="muted">
        {safari
          ? 'Add IYK Cards to your Home Screen:'
          : 'Open this page in Safari, then add IYK Cards to your Home Screen:'}
      </p>
      <ol className="install-steps" aria-label="Add to Home Screen steps">
        <li>
          Tap the Share button <span aria-hidden="true">(a square with an arrow up)</span> in the
          toolbar.
        </li>
        <li>Scroll down and choose “Add to Home Screen”.</li>
        <li>Tap “Add”.</li>
      </ol>
    </>
  )
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
