/**
 * Asks the browser to wake the service worker for the session's sake when no page may be open:
 * Background Sync once the network is back (pending taps), and Periodic Background Sync now and
 * then while the app is closed (a fresh list for the next offline opening). Both exist only in
 * Chromium, and periodic sync only for an installed app; elsewhere these do nothing, and the
 * worker's other wakes (pages' heartbeats and nudges) do the work.
 */
import {
  PERIODIC_REFRESH_MIN_INTERVAL_MS,
  PERIODIC_SYNC_TAG,
  TAP_SYNC_TAG,
} from '../core/constants.ts'

/** The parts of the Background Sync APIs used here (not in TypeScript's DOM types yet). */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>
    unregister(tag: string): Promise<void>
    getTags(): Promise<string[]>
  }
}

async function activeRegistration(): Promise<SyncRegistration | null> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return null
  return (await navigator.serviceWorker.ready) as unknown as SyncRegistration
}

/** Asks for a `sync` event once the browser sees a network: the worker then settles pending taps. */
export async function requestTapSync(): Promise<boolean> {
  try {
    const registration = await activeRegistration()
    if (!registration?.sync) return false
    await registration.sync.register(TAP_SYNC_TAG)
    return true
  } catch {
    // Refused (no permission, private mode): the worker's other wakes settle the taps.
    return false
  }
}

/**
 * Keeps a periodic refresh registered while someone is signed in, and none otherwise (nothing of
 * a holder is refreshed after they signed out). Registers only where the browser has granted it.
 */
export async function keepPeriodicRefresh(signedIn: boolean): Promise<void> {
  try {
    const registration = await activeRegistration()
    const periodic = registration?.periodicSync
    if (!periodic) return
    if (!signedIn) {
      if ((await periodic.getTags()).includes(PERIODIC_SYNC_TAG)) {
        await periodic.unregister(PERIODIC_SYNC_TAG)
      }
      return
    }
    const permission = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    })
    if (permission.state !== 'granted') return
    await periodic.register(PERIODIC_SYNC_TAG, { minInterval: PERIODIC_REFRESH_MIN_INTERVAL_MS })
  } catch {
    // Not allowed here (not installed, a policy): the list refreshes when the app opens.
  }
}
