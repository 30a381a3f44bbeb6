/** Test helper: app stores in the states screens are tested in. */
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import { SIGNIN_MESSAGE } from '../core/testing/messages.ts'
import { createAppStore, type AppStore } from './app-store.ts'

/** A store with holder@example.com signed in, then fed `messages` (applied in order). */
export function signedInStore(messages: WorkerMessage[] = []): AppStore {
  const store = createAppStore()
  store.getState().apply(SIGNIN_MESSAGE)
  for (const message of messages) store.getState().apply(message)
  return store
}

/** A store whose holder has signed out. */
export function anonymousStore(): AppStore {
  const store = createAppStore()
  store.getState().apply({ v, type: WORKER_MESSAGE.signout, reason: 'user' })
  return store
}
