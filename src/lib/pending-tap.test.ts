/** The pending tap over fake-indexeddb: its own database, one record, bad records ignored. */
import 'fake-indexeddb/auto'
import { createStore, get, set } from 'idb-keyval'
import { describe, expect, it } from 'vitest'
import {
  PENDING_TAP_DATABASE,
  PENDING_TAP_KEY,
  PENDING_TAP_STORE,
  pendingTapStore,
} from './pending-tap.ts'

const tap = { query: '?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3', savedAt: 1000 }

describe('pendingTapStore', () => {
  it('keeps the latest tap until cleared', async () => {
    await pendingTapStore.clear()
    expect(await pendingTapStore.read()).toBeNull()
    await pendingTapStore.save({ query: '?p=old', savedAt: 1 })
    await pendingTapStore.save(tap)
    expect(await pendingTapStore.read()).toEqual(tap)
    await pendingTapStore.clear()
    expect(await pendingTapStore.read()).toBeNull()
  })

  it('lives in its own database, never the session engine one', async () => {
    await pendingTapStore.save(tap)
    expect(PENDING_TAP_DATABASE).not.toBe('iyk-cards')
    const raw = await get(PENDING_TAP_KEY, createStore(PENDING_TAP_DATABASE, PENDING_TAP_STORE))
    expect(raw).toEqual(tap)
    const databases = await indexedDB.databases()
    expect(databases.map((db) => db.name)).not.toContain('iyk-cards')
  })

  it('reads a malformed record as no tap', async () => {
    await set(PENDING_TAP_KEY, { query: 42 }, createStore(PENDING_TAP_DATABASE, PENDING_TAP_STORE))
    expect(await pendingTapStore.read()).toBeNull()
  })
})
