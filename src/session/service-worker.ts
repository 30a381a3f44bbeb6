/**
 * Registers the service worker (workbox-window), checks for a new version while the app stays
 * open, and announces waiting updates.
 */
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

/** How often an open app asks whether a new version is out (vite-plugin-pwa's periodic updates). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000

/** How long after a check becoming visible again does not check again (switching apps often). */
export const VISIBLE_CHECK_GAP_MS = 10 * 60_000

/** The part of a registration the update checks use. */
interface UpdatableRegistration {
  readonly installing: ServiceWorker | null
  update(): Promise<unknown>
}

/**
 * Checks for a new version every hour and whenever the page becomes visible again: the browser
 * itself checks only on navigations, so an installed app left open for days would never hear of
 * one. A new worker found this way installs and waits, and the update prompt offers it. No check
 * runs offline, while a new worker is already installing, or while one is under way, and becoming
 * visible checks only if the last check began `VISIBLE_CHECK_GAP_MS` ago or more (a holder
 * switching apps does not fetch the worker's script each time); a failed check is silent (the
 * next one may succeed). Returns a stop function.
 */
export function keepCheckingForUpdates(registration: UpdatableRegistration): () => void {
  let checking = false
  let lastCheckAt = -Infinity
  const check = () => {
    if (checking || !navigator.onLine || registration.installing) return
    checking = true
    lastCheckAt = Date.now()
    void (async () => {
      try {
        await registration.update()
      } catch {
        // Unreachable server or a failed script fetch: the worker in place stays, nothing to say.
      } finally {
        checking = false
      }
    })()
  }
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return
    if (Date.now() - lastCheckAt >= VISIBLE_CHECK_GAP_MS) check()
  }
  const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

/** Whether this page already checks its registration for updates (one set of checks a page). */
let checkingForUpdates = false

/**
 * Registers `/sw.js` and resolves with its registration, or null where no worker can run
 * (unsupported, blocked by policy, private mode).
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  // The dev server builds no worker: the session engine then runs in the page (same code).
  if (isDevServer || !('serviceWorker' in navigator)) return null
  try {
    const { newWorkbox } = await import('./workbox.ts')
    const wb = newWorkbox()
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
    const registration = (await wb.register({ immediate: true })) ?? null
    if (registration && !checkingForUpdates) {
      checkingForUpdates = true
      keepCheckingForUpdates(registration)
    }
    return registration
  } catch (error) {
    console.warn('Service worker unavailable; the session runs in the page.', error)
    return null
  }
}
