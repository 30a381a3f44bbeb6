/** Finishes an offline tap on any page: once signed in and online, refresh and forget it. */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { pendingTapStore, type PendingTapStore } from '../../lib/pending-tap.ts'
import { useAppStore } from '../../store/use-app-store.tsx'

const currentPath = () => window.location.pathname

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  return () => window.removeEventListener('online', onChange)
}

/**
 * Renders nothing. Meant for the root layout, so a tap kept offline is settled on the next visit
 * to any page (the tap page settles its own, so this one stays out of `/tap`). Asks at most once
 * per page load and each time the browser comes back online.
 */
export function PendingTapSync({
  onRefresh,
  pendingTaps = pendingTapStore,
  pathname = currentPath,
}: {
  onRefresh(): void
  pendingTaps?: PendingTapStore
  pathname?: () => string
}) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine)
  const signedIn = useAppStore((state) => state.auth.status === 'signed-in')
  const busy = useRef(false)

  useEffect(() => {
    if (!online || !signedIn || busy.current || pathname() === '/tap') return
    busy.current = true
    pendingTaps
      .read()
      .then(async (tap) => {
        if (!tap) return
        onRefresh()
        await pendingTaps.clear()
      })
      .catch(() => {})
      .finally(() => {
        busy.current = false
      })
  }, [online, signedIn, onRefresh, pendingTaps, pathname])

  return null
}
