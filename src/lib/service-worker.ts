/** Registers the service worker (workbox-window, loaded after first paint) and reports updates. */

/** What the page can do about a waiting new version. */
export interface UpdateHandle {
  /** Activates the waiting worker, then reloads the page onto the new version. */
  activate(): void
}

/**
 * Registers `/sw.js` when the browser supports service workers, and calls `onUpdate` when a new
 * version is installed and waiting. Resolves false where no worker can run.
 */
export async function registerServiceWorker(
  onUpdate: (update: UpdateHandle) => void,
): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false
  const { Workbox } = await import('workbox-window')
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    onUpdate({
      activate() {
        wb.addEventListener('controlling', () => window.location.reload())
        wb.messageSkipWaiting()
      },
    })
  })
  try {
    await wb.register()
    return true
  } catch (error) {
    // Blocked or private mode: the app still runs, only without offline support.
    console.warn('Service worker registration failed', error)
    return false
  }
}
