/** "New version available — Reload" prompt, shown when an updated service worker is waiting. */
import { useEffect, useState } from 'react'
import { registerServiceWorker, type UpdateHandle } from '../../lib/service-worker.ts'

/** Registers the worker once and offers the waiting update; reload activates it. */
export function UpdatePrompt({
  register = registerServiceWorker,
}: {
  register?: typeof registerServiceWorker
}) {
  const [update, setUpdate] = useState<UpdateHandle | null>(null)
  const [reloading, setReloading] = useState(false)

  useEffect(() => {
    void register(setUpdate)
  }, [register])

  if (!update) return null
  return (
    <div className="toast" role="status">
      <span>New version available</span>
      <button
        type="button"
        className="button button--small"
        disabled={reloading}
        onClick={() => {
          setReloading(true)
          update.activate()
        }}
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
    </div>
  )
}
