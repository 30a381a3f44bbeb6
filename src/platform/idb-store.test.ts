/** The IndexedDB store (over fake-indexeddb): values survive a new connection and updates are atomic. */
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { createIdbStore } from './idb-store.ts'

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

describe('createIdbStore', () => {
  it('reads what it wrote, from a new connection too', async () => {
    const store = createIdbStore()
    expect(await store.get('k')).toBeUndefined()
    await store.update('k', () => ({ a: 1 }))
    expect(await store.get('k')).toEqual({ a: 1 })
    expect(await createIdbStore().get('k')).toEqual({ a: 1 })
  })

  it('keeps to its own database', async () => {
    await createIdbStore().update('k', () => 1)
    expect(await createIdbStore('someone-else', 'kv').get('k')).toBeUndefined()
  })

  it('applies concurrent updates one after the other (no lost update)', async () => {
    const stores = [createIdbStore(), createIdbStore(), createIdbStore()]
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        stores[i % 3]!.update<number>('count', (n) => (n ?? 0) + 1),
      ),
    )
    expect(await createIdbStore().get('count')).toBe(60)
  })

  it('hands the updater a copy, so later mutation does not leak into the store', async () => {
    const store = createIdbStore()
    const value = { list: [1] }
    await store.update('k', () => value)
    value.list.push(2)
    expect(await store.get('k')).toEqual({ list: [1] })
  })
})
