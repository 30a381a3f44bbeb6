/**
 * What an engine instance tells every tab about itself (the `status` message): whether the
 * services answered its last call, whether a call is under way (`refreshing`), the signed-in
 * holder's pending taps and when it next needs a wake. It announces each change, once.
 */
import type { EngineState } from './engine-state.ts'
import { PROTOCOL_VERSION, WORKER_MESSAGE, type StatusView } from './protocol.ts'
import type { Broadcast } from './ports.ts'
import { nextWakeAt } from './schedule.ts'

/** An instance's status, and the ways it changes. */
export interface EngineStatus {
  /** The status as it is now. */
  view(): StatusView
  /** Tells every tab the status as it is now. */
  announce(): void
  /** The last call reached the services and they answered (true), or not (false). */
  setOnline(online: boolean): void
  /** Keeps the pending taps and the next wake in step with a state read or written. */
  noteState(state: EngineState): void
  /** Runs a network operation, shown as `refreshing` while any runs. */
  tracked<T>(fn: () => Promise<T>): Promise<T>
  /** Whether this instance has read the stored state yet (and so knows the next wake). */
  knowsWake(): boolean
}

export function createEngineStatus(broadcast: Broadcast): EngineStatus {
  let online = true
  let busy = 0
  let pendingTaps: string[] = []
  let wakeAt: number | null = null
  let wakeRead = false

  const view = (): StatusView => ({
    online,
    refreshing: busy > 0,
    pendingTaps: [...pendingTaps],
    wakeAt,
  })
  const announce = () => broadcast({ v: PROTOCOL_VERSION, type: WORKER_MESSAGE.status, ...view() })

  return {
    view,
    announce,
    setOnline(value) {
      if (online === value) return
      online = value
      announce()
    },
    noteState(state) {
      const userId = state.session?.userId
      const taps = state.tapQueue.taps
        .filter((tap) => tap.userId === userId)
        .map((tap) => tap.query)
      const wake = nextWakeAt(state.session, state.tapQueue)
      // An instance's first read learns the wake tabs already know (from the snapshot, or from the
      // instance the browser stopped): nothing to announce, and its `online` is only a default.
      const wakeMoved = wakeRead && wake !== wakeAt
      wakeRead = true
      wakeAt = wake
      if (taps.join('\n') === pendingTaps.join('\n') && !wakeMoved) return
      pendingTaps = taps
      announce()
    },
    async tracked(fn) {
      if (busy++ === 0) announce()
      try {
        return await fn()
      } finally {
        if (--busy === 0) announce()
      }
    },
    knowsWake: () => wakeRead,
  }
}
