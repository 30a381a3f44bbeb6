/** The engine's key-value store over IndexedDB (idb-keyval), in a database of its own. */
import { createStore, get, promisifyRequest } from 'idb-keyval'
import type { KeyValueStore } from '../core/ports.ts'

/** IndexedDB database the app keeps its session and event cache in. */
export const IDB_DATABASE_NAME = 'iyk-cards'

/** Object store inside that database. */
export const IDB_STORE_NAME = 'kv'

/**
 * Creates the store; `update` is one readwrite transaction, so read and write are atomic, and it
 * writes only when the updater returns a value (idb-keyval's `update` always writes).
 */
export function createIdbStore(
  databaseName = IDB_DATABASE_NAME,
  storeName = IDB_STORE_NAME,
): KeyValueStore {
  const withStore = createStore(databaseName, storeName)
  return {
    get: <T>(key: string) => get<T>(key, withStore),
    update: <T>(key: string, fn: (current: T | undefined) => T | undefined) =>
      withStore(
        'readwrite',
        (store) =>
          // The put is made in the read's success callback: a promise in between could let the
          // transaction close first.
          new Promise<void>((resolve, reject) => {
            const read = store.get(key) as IDBRequest<T | undefined>
            read.onsuccess = () => {
              try {
                const next = fn(read.result)
                if (next !== undefined) store.put(next, key)
                resolve(promisifyRequest(store.transaction))
              } catch (error) {
                reject(error)
              }
            }
            read.onerror = () => reject(read.error)
          }),
      ),
  }
}
