/** The session engine over the real IndexedDB store (fake-indexeddb): persistence, concurrency, clearing. */
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { ENGINE_STATE_KEY } from '../core/constants.ts'
import type { EngineState } from '../core/engine-state.ts'
import { PROTOCOL_VERSION, TAB_MESSAGE } from '../core/protocol.ts'
import { rawEvent } from '../core/testing/fake-backend.ts'
import { createEngineHarness, type EngineHarness } from '../core/testing/engine-harness.ts'
import { createIdbStore } from './idb-store.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const AUTH = '/sessions/authenticate'

let h: EngineHarness
let T0: number

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
  h = createEngineHarness({ store: createIdbStore() })
  T0 = h.clock.now()
  h.backend.eventsByUser.set('user-a', [rawEvent(1, 'active')])
})

/** A holder signs in; its check at the provider is left out of the recorded requests. */
async function signIn(userId = 'user-a'): Promise<string> {
  const data = h.backend.signIn(userId)
  const before = h.backend.requests.length
  expect(await h.engine.handoff(data)).toEqual({ ok: true })
  const [check] = h.backend.requests.splice(before, 1)
  expect(check?.url).toMatch(new RegExp(`${AUTH}$`))
  return data.session_token
}

/** A worker that the browser stopped and started again: new engine, new database connection. */
function restartedWorker() {
  return h.spawn(createIdbStore())
}

describe('session engine over IndexedDB', () => {
  it('makes exactly 6 calls per healthy hour with 5 page hosts heartbeating', async () => {
    await signIn()
    const engines = Array.from({ length: 5 }, () => h.spawn(createIdbStore()))
    for (let t = T0 + 7_000; t < T0 + 2 * HOUR; t += 20_000) {
      h.clock.set(t)
      await Promise.all(engines.map((engine) => engine.wake('heartbeat')))
    }
    const calls = h.backend.callsTo(AUTH).map((r) => r.at)
    // The first hour's sixth is the sign-in's check.
    expect(calls.filter((at) => at < T0 + HOUR)).toHaveLength(5)
    expect(calls.filter((at) => at >= T0 + HOUR)).toHaveLength(6)
  })

  it('five tabs loading at once make one call', async () => {
    await signIn()
    h.clock.advance(5 * MIN)
    await Promise.all(
      Array.from({ length: 5 }, () =>
        restartedWorker().receive({ v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello }, () => {}),
      ),
    )
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
  })

  it('a restarted worker continues the schedule exactly', async () => {
    await signIn()
    h.clock.advance(10 * MIN)
    await h.engine.wake('heartbeat')
    const due = await h.engine.nextWakeAt()
    h.clock.advance(3 * MIN)
    const worker = restartedWorker()
    expect(await worker.nextWakeAt()).toBe(due)
    await worker.wake('activate')
    await worker.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(1)
    h.clock.set(due!)
    await worker.wake('heartbeat')
    expect(h.backend.callsTo(AUTH)).toHaveLength(2)
    expect((await worker.snapshot()).auth).toMatchObject({ signedIn: true })
  })

  it('sign-out clears IndexedDB even with the network down, and nothing comes back', async () => {
    await signIn()
    h.backend.revokeFaults.push({ fail: 'network' })
    h.backend.honourAbort = false
    const gate = h.backend.hold((r) => r.url.endsWith(AUTH))
    h.clock.advance(10 * MIN)
    const woke = h.engine.wake('heartbeat')
    await gate.reached
    await restartedWorker().signOut('user')
    gate.release()
    await woke
    const state = await createIdbStore().get<EngineState>(ENGINE_STATE_KEY)
    expect(state).toMatchObject({ session: null, events: null })
    expect(JSON.stringify(state)).not.toContain('session-token')
  })

  it('serves the cached list for under a day, to its own user only', async () => {
    await signIn()
    h.clock.set(T0 + 24 * HOUR - 1)
    expect((await restartedWorker().snapshot()).events?.events).toHaveLength(1)
    h.backend.eventsFaults.push({ fail: 'network' })
    await h.engine.handoff(h.backend.signIn('user-b'))
    expect((await restartedWorker().snapshot()).events).toBeNull()
  })

  it('drops the cache once it is a day old', async () => {
    await signIn()
    h.clock.set(T0 + 24 * HOUR)
    expect((await restartedWorker().snapshot()).events).toBeNull()
    expect((await createIdbStore().get<EngineState>(ENGINE_STATE_KEY))?.events).toBeNull()
  })
})
