/**
 * Persistent storage for a signed-in holder: under storage pressure a browser may evict an
 * origin's data, and with it the session's record and the kept event list; a persistent origin
 * is evicted only by the holder.
 */
import type { AppStore } from '../store/app-store.ts'

/**
 * Asks the browser to keep this origin's storage, unless it already does; resolves with whether
 * it does. Never throws: where the API is absent (WebKitGTK has no `navigator.storage`) or the
 * browser refuses or fails (Firefox may ask the holder, who may say no), nothing changes.
 */
export async function requestPersistentStorage(
  storage: Partial<Pick<StorageManager, 'persist' | 'persisted'>> | undefined = navigator.storage,
): Promise<boolean> {
  try {
    if (typeof storage?.persist !== 'function') return false
    if ((await storage.persisted?.()) === true) return true
    return await storage.persist()
  } catch {
    return false
  }
}

/**
 * Asks for persistent storage when the holder signs in (the page saw them anonymous, then signed
 * in), not on later messages and not when a page opens already signed in: Firefox asks the holder
 * each time, and one who said "Not now" should not be asked on every visit. Returns unsubscribe.
 */
export function persistStorageWhenSignedIn(
  store: AppStore,
  request: () => Promise<boolean> = requestPersistentStorage,
): () => void {
  return store.subscribe((state, previous) => {
    if (state.auth.status === 'signed-in' && previous.auth.status === 'anonymous') void request()
  })
}
