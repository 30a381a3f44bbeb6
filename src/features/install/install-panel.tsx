/** How to install the app from here: the browser's prompt, iOS steps, or "Installed". */
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
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
        {platform.standalone ? (
          <Trans>Installed. You are using the app.</Trans>
        ) : (
          <Trans>Installed. Open IYK Cards from your home screen or app list.</Trans>
        )}
      </p>
    )
  }
  if (available) {
    return (
      <div className="stack">
        <p className="muted">
          <Trans>
            Install IYK Cards: a card tap opens it directly, and your events are there offline.
          </Trans>
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void install().then((outcome) => setDismissed(outcome === 'dismissed'))}
        >
          <Trans>Install app</Trans>
        </button>
      </div>
    )
  }
  if (platform.ios) return <IosSteps safari={platform.ios === 'safari'} />
  return (
    <p className="muted">
      {dismissed ? (
        <Trans>Not installed. You can install IYK Cards later from your browser’s menu.</Trans>
      ) : (
        <Trans comment="“Install app” and “Add to Home screen” are the browsers' own menu items: use their wording in this language">
          To install IYK Cards, use your browser’s menu: “Install app” or “Add to Home screen”.
        </Trans>
      )}
    </p>
  )
}
