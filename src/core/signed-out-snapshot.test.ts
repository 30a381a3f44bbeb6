/** The signed-out snapshot: a valid message with no session and no list. */
import { describe, expect, it } from 'vitest'
import { parseWorkerMessage, PROTOCOL_VERSION, WORKER_MESSAGE } from './protocol.ts'
import { signedOutSnapshot } from './signed-out-snapshot.ts'

describe('signedOutSnapshot', () => {
  it('is a snapshot signed out, with no list and the status given', () => {
    const status = {
      online: false,
      refreshing: true,
      pendingTaps: ['?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'],
      wakeAt: 1_000,
    }
    const snapshot = signedOutSnapshot(status)
    expect(snapshot).toEqual({
      v: PROTOCOL_VERSION,
      type: WORKER_MESSAGE.snapshot,
      auth: { signedIn: false },
      events: null,
      status,
    })
    expect(parseWorkerMessage(structuredClone(snapshot))).toEqual(snapshot)
  })
})
