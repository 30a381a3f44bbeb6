/**
 * The installed app's badge (the number on its icon): how many of the holder's events are
 * happening today. Where the browser has no badge (Firefox, Safari outside a Home Screen app),
 * nothing happens; a badge the browser refuses (not installed, permission) is left as it is.
 */
import { useEffect } from 'react'

/** Sets the badge to `count` (none at 0); null (no list yet) leaves it as it is. */
export function useAppBadge(count: number | null): void {
  useEffect(() => {
    if (count === null || !('setAppBadge' in navigator)) return
    const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()
    done.catch(() => {})
  }, [count])
}
