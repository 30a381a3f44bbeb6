/**
 * A tab of an older release asks for a lazy chunk the host no longer has (a new release is out and
 * the old files are gone): it reloads once onto the release the host now serves. Only when the
 * host's page names another start-up chunk than this page's (a new release, whatever the engine
 * says of the failure; Safari names no address), never when the host cannot be reached (offline,
 * a failing network: a reload would only show the browser's error page), and not again soon after,
 * so nothing reloads for ever.
 */

/** Where the time of the last such reload is kept, for this tab only. */
export const STALE_CHUNK_RELOAD_KEY = 'stale-chunk-reload-at'

/** Within this long of the last reload for a missing chunk, no other is made. */
export const STALE_CHUNK_RELOAD_GAP_MS = 60_000

/** What the check needs of the page. */
export interface StaleChunkPorts {
  target: Pick<EventTarget, 'addEventListener'>
  /** The start-up chunk this page runs (its module preload), or null (the dev server). */
  release: string | null
  /** The page the host serves now, from the network (never a worker's copy), as text. */
  hostPage: () => Promise<string>
  storage: Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
  now: () => number
}

/**
 * Listens for Vite's `vite:preloadError` (every lazy chunk and its preloads) and reloads once when
 * the host serves another release. The failure itself goes on to the screen's error boundary,
 * shown for the moment the check takes, or for good when no reload is made.
 */
export function reloadOnStaleChunk(ports: StaleChunkPorts): void {
  const { release, storage, now } = ports
  // A time not kept reads as 0: long ago.
  const reloadedLately = () =>
    now() - Number(storage.getItem(STALE_CHUNK_RELOAD_KEY)) < STALE_CHUNK_RELOAD_GAP_MS
  ports.target.addEventListener('vite:preloadError', () => {
    if (!release || reloadedLately()) return
    ports.hostPage().then(
      (page) => {
        // Another failure's check may have reloaded already.
        if (page.includes(`"${release}"`) || reloadedLately()) return
        storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()))
        ports.reload()
      },
      // No answer: the network, not the release.
      () => {},
    )
  })
}

/** The page's own ports: its start-up chunk, the host's page fetched past any worker's copy. */
export const pagePorts = (): StaleChunkPorts => ({
  target: window,
  release: document.querySelector('link[rel="modulepreload"]')?.getAttribute('href') ?? null,
  // A query the worker's precache does not know, and no HTTP cache: the host's page as it is.
  hostPage: () =>
    fetch(`/index.html?release=${Date.now()}`, { cache: 'no-store' }).then((response) =>
      response.ok ? response.text() : Promise.reject(new Error(`${response.status}`)),
    ),
  storage: sessionStorage,
  reload: () => location.reload(),
  now: Date.now,
})
