/**
 * The error reporter's own queue: offline, the Sentry SDK's offline transport keeps unsent reports
 * in IndexedDB (its default database and store, `sentry-offline` and `queue`). They are scrubbed,
 * but they tell of the holder's visit (pages, breadcrumbs): a sign-out on a shared phone forgets
 * them with the rest.
 */

/** The SDK's defaults (`makeBrowserOfflineTransport`'s `dbName` and `storeName`). */
export const REPORT_QUEUE_DATABASE = 'sentry-offline'
export const REPORT_QUEUE_STORE = 'queue'

/**
 * Empties the queue of unsent reports. Never creates the database where there is none, never
 * rejects: a browser without IndexedDB, or a blocked one, has nothing to forget.
 */
export function forgetQueuedReports(): Promise<void> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(REPORT_QUEUE_DATABASE)
    } catch {
      resolve()
      return
    }
    // No such database: nothing was queued, and none is made for it.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve()
    request.onblocked = () => resolve()
    request.onsuccess = () => {
      const db = request.result
      const done = () => {
        db.close()
        resolve()
      }
      try {
        const transaction = db.transaction(REPORT_QUEUE_STORE, 'readwrite')
        transaction.objectStore(REPORT_QUEUE_STORE).clear()
        transaction.oncomplete = done
        transaction.onerror = done
        transaction.onabort = done
      } catch {
        done()
      }
    }
  })
}
