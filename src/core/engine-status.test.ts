/** An instance's status: each change announced once, and only changes. */
import { describe, expect, it } from 'vitest'
import { initialEngineState, type EngineState } from './engine-state.ts'
import { createEngineStatus } from './engine-status.ts'
import type { WorkerMessage } from './protocol.ts'
import { deferred } from './testing/deferred.ts'

function statusWithLog() {
  const said: WorkerMessage[] = []
  const status = createEngineStatus((message) => said.push(message))
  return { status, said }
}

const HOUR = 3_600_000

/** A signed-in state whose next call is due at `due`, with pending taps `queries` of `userId`. */
function signedIn(due: number, queries: string[] = [], userId = 'user-1'): EngineState {
  return {
    ...initialEngineState(1),
    session: {
      sessionToken: 't',
      expiresAt: due + HOUR,
      userId: 'user-1',
      sessionId: null,
      email: null,
      phone: null,
      factorAt: null,
      lastAuthAt: 0,
      nextDueAt: due,
      backoffAttempt: 0,
    },
    tapQueue: {
      taps: queries.map((query) => ({ query, userId, savedAt: 0 })),
      attempt: 0,
      retryAt: 0,
    },
  }
}

describe('engine status', () => {
  it('announces a change of reachability once, and nothing when it stays', () => {
    const { status, said } = statusWithLog()
    status.setOnline(true)
    expect(said).toEqual([])
    status.setOnline(false)
    status.setOnline(false)
    expect(said).toMatchObject([{ type: 'status', online: false, refreshing: false }])
  })

  it('is refreshing while any tracked call runs, announced at the first start and last end', async () => {
    const { status, said } = statusWithLog()
    const first = deferred<void>()
    const second = deferred<void>()
    const both = [status.tracked(() => first.promise), status.tracked(() => second.promise)]
    expect(status.view().refreshing).toBe(true)
    first.resolve()
    await both[0]
    expect(status.view().refreshing).toBe(true)
    second.resolve()
    await both[1]
    expect(said.map((message) => message.type === 'status' && message.refreshing)).toEqual([
      true,
      false,
    ])
  })

  it('ends refreshing when a tracked call fails', async () => {
    const { status } = statusWithLog()
    await expect(status.tracked(() => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(status.view().refreshing).toBe(false)
  })

  it('learns the wake on its first read without announcing it, then announces each move', () => {
    const { status, said } = statusWithLog()
    expect(status.knowsWake()).toBe(false)
    status.noteState(signedIn(5 * HOUR))
    expect(status.knowsWake()).toBe(true)
    expect(status.view().wakeAt).toBe(5 * HOUR)
    expect(said).toEqual([])
    status.noteState(signedIn(5 * HOUR))
    expect(said).toEqual([])
    status.noteState(signedIn(6 * HOUR))
    expect(said).toMatchObject([{ type: 'status', wakeAt: 6 * HOUR }])
  })

  it('shows the signed-in holder’s pending taps only, announcing when they change', () => {
    const { status, said } = statusWithLog()
    status.noteState(signedIn(HOUR, ['?a=1'], 'someone-else'))
    expect(status.view().pendingTaps).toEqual([])
    status.noteState(signedIn(HOUR, ['?a=1', '?b=2']))
    expect(status.view().pendingTaps).toEqual(['?a=1', '?b=2'])
    expect(said).toHaveLength(1)
  })
})
