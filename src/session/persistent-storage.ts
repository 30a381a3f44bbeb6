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
 * Asks for persistent storage once each time the page learns the holder is signed in (a sign-in,
 * or a page opening signed in), not on every message after it. Returns unsubscribe.
 */
export function persistStorageWhenSignedIn(
  store: AppStore,
  request: () => Promise<boolean> = requestPersistentStorage,
): () => void {
  if (store.getState().auth.status === 'signed-in') void request()
  return store.subscribe((state, previous) => {
    if (state.auth.status === 'signed-in' && previous.auth.status !== 'signed-in') void request()
  })
}
