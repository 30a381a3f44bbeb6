/** BroadcastChannel adapter: what the engine sends reaches subscribers; malformed messages do not. */
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION, WORKER_MESSAGE, type WorkerMessage } from '../core/protocol.ts'
import { createBroadcast, subscribeWorkerMessages } from './broadcast.ts'

function nextMessages(
  count: number,
  channelName: string,
  dropped: string[] = [],
): Promise<WorkerMessage[]> {
  return new Promise((resolve) => {
    const seen: WorkerMessage[] = []
    const stop = subscribeWorkerMessages(
      (message) => {
        seen.push(message)
        if (seen.length === count) {
          stop()
          resolve(seen)
        }
      },
      { channelName, onDropped: (reason) => dropped.push(reason) },
    )
  })
}

describe('broadcast', () => {
  it('delivers valid worker messages and drops the rest', async () => {
    const channel = `test-${Math.random()}`
    const dropped: string[] = []
    const received = nextMessages(2, channel, dropped)
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
    expect(dropped).toEqual([
      'malformed "status" message: online: expected a boolean',
      'another protocol version: version 99, not 2',
    ])
    raw.close()
  })
})
