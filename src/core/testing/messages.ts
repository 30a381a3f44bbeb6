/** Host messages that many tests apply: a holder signed in (tests needing other values write their own). */
import { PROTOCOL_VERSION as v, WORKER_MESSAGE, type WorkerMessage } from '../protocol.ts'

/** `holder@example.com` signed in. */
export const SIGNIN_MESSAGE = {
  v,
  type: WORKER_MESSAGE.signin,
  email: 'holder@example.com',
  phone: null,
  expiresAt: 1,
} as const satisfies WorkerMessage
