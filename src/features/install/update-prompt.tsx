/** "New version available — Reload" prompt, shown when an updated service worker is waiting. */
import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { onUpdateWaiting, type UpdateHandle } from '../../session/service-worker.ts'

/** Offers the waiting update; Reload activates it. */
export function UpdatePrompt({
  subscribe = onUpdateWaiting,
}: {
  subscribe?: typeof onUpdateWaiting
}) {
  const [update, setUpdate] = useState<UpdateHandle | null>(null)
  const [reloading, setReloading] = useState(false)

  useEffect(() => subscribe(setUpdate), [subscribe])

  if (!update) return null
  return (
    <div className="toast" role="status">
      <span>
        <Trans>New version available</Trans>
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={reloading}
        onClick={() => {
          setReloading(true)
          update.activate()
        }}
      >
        {reloading ? (
          <Trans comment="The Reload button while the new version starts">Reloading…</Trans>
        ) : (
          <Trans comment="Button: starts the new version of the app">Reload</Trans>
        )}
      </button>
    </div>
  )
}
