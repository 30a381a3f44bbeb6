/** BroadcastChannel adapter: what the engine sends reaches subscribers; malformed messages do not. */
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import { createBroadcast, subscribeWorkerMessages } from './broadcast.ts'

function nextMessages(count: number, channel: string): Promise<WorkerMessage[]> {
  return new Promise((resolve) => {
    const seen: WorkerMessage[] = []
    const stop = subscribeWorkerMessages((message) => {
      seen.push(message)
      if (seen.length === count) {
        stop()
        resolve(seen)
      }
    }, channel)
  })
}

describe('broadcast', () => {
  it('delivers valid worker messages and drops the rest', async () => {
    const channel = `test-${Math.random()}`
    const received = nextMessages(2, channel)
    const raw = new BroadcastChannel(channel)
    raw.postMessage({ v: PROTOCOL_VERSION, type: 'status', online: 'maybe' })
    raw.postMessage({ v: 99, type: 'signout', reason: 'user' })
    const send = createBroadcast(channel)
    send({ v: PROTOCOL_VERSION, type: WORKER_MESSAGE.signout, reason: 'user' })
    send({
      v: PROTOCOL_VERSION,
      type: WORKER_MESSAGE.status,
      online: true,
      refreshing: false,
      pendingTaps: [],
      wakeAt: null,
    })
    expect((await received).map((m) => m.type)).toEqual(['signout', 'status'])
    raw.close()
  })
})
