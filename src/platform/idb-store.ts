/** The engine's key-value store over IndexedDB (idb-keyval), in a database of its own. */
import { createStore, get, update } from 'idb-keyval'
import type { KeyValueStore } from '../core/ports.ts'

/** IndexedDB database the app keeps its session and event cache in. */
export const IDB_DATABASE_NAME = 'iyk-cards'

/** Object store inside that database. */
export const IDB_STORE_NAME = 'kv'

/** Creates the store; `update` is one readwrite transaction, so read and write are atomic. */
export function createIdbStore(
  databaseName = IDB_DATABASE_NAME,
  storeName = IDB_STORE_NAME,
): KeyValueStore {
  const useStore = createStore(databaseName, storeName)
  return {
    get: <T>(key: string) => get<T>(key, useStore),
    update: <T>(key: string, fn: (current: T | undefined) => T) => update<T>(key, fn, useStore),
  }
}
