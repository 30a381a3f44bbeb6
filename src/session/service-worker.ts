/** Registers the service worker (workbox-window) and announces waiting updates. */
import { isDevServer } from '../config/env.ts'

/** What the page can do about a waiting new version. */
export interface UpdateHandle {
  /** Activates the waiting worker, then reloads the page onto the new version. */
  activate(): void
}

type UpdateListener = (update: UpdateHandle) => void

const updateListeners = new Set<UpdateListener>()
let waiting: UpdateHandle | null = null

/** Calls `listener` when a new version is waiting (at once if one already is); returns unsubscribe. */
export function onUpdateWaiting(listener: UpdateListener): () => void {
  updateListeners.add(listener)
  if (waiting) listener(waiting)
  return () => updateListeners.delete(listener)
}

/**
 * Registers `/sw.js` and resolves with its registration, or null where no worker can run
 * (unsupported, blocked by policy, private mode).
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  // The dev server builds no worker: the session engine then runs in the page (same code).
  if (isDevServer || !('serviceWorker' in navigator)) return null
  try {
    const { Workbox } = await import('workbox-window')
    const wb = new Workbox('/sw.js', { scope: '/' })
    wb.addEventListener('waiting', () => {
      // Another tab's Reload may activate the new version first; it then controls this page too
      // (`clients.claim()`), and this page's Reload has only to load it.
      let accepted = false
      let tookOver = false
      wb.addEventListener('controlling', () => {
        if (accepted) window.location.reload()
        else tookOver = true
      })
      // Once the new version is active, the reload loads it even if this page has not heard it
      // take control (yet).
      wb.addEventListener('activated', () => {
        if (accepted) window.location.reload()
      })
      waiting = {
        activate() {
          if (tookOver) return window.location.reload()
          accepted = true
          wb.messageSkipWaiting()
        },
      }
      for (const listener of updateListeners) listener(waiting)
    })
    // When to register is connect-session.ts's choice (a first visit waits for the first screen).
    return (await wb.register({ immediate: true })) ?? null
  } catch (error) {
    console.warn('Service worker unavailable; the session runs in the page.', error)
    return null
  }
}
