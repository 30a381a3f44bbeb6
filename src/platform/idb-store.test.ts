/** The IndexedDB store (over fake-indexeddb): values survive a new connection and updates are atomic. */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createIdbStore } from './idb-store.ts'

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Counts the puts of IndexedDB object stores from now on; call the result to read the count. */
function countPuts(): () => number {
  let puts = 0
  const put = IDBObjectStore.prototype.put
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    puts++
    return put.apply(this, args)
  })
  return () => puts
}

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

  it('writes nothing when the updater returns undefined, and the transaction still ends', async () => {
    const store = createIdbStore()
    await store.update('k', () => ({ a: 1 }))
    const puts = countPuts()
    await store.update<{ a: number }>('k', () => undefined)
    await store.update<{ a: number }>('k', (current) => (current?.a === 1 ? undefined : { a: 1 }))
    expect(puts()).toBe(0)
    await store.update<{ a: number }>('k', () => ({ a: 2 }))
    expect(puts()).toBe(1)
    expect(await store.get('k')).toEqual({ a: 2 })
  })

  it('rejects when the updater throws, and writes nothing', async () => {
    const store = createIdbStore()
    await store.update('k', () => 1)
    await expect(
      store.update('k', () => {
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await store.get('k')).toBe(1)
  })

  it('hands the updater a copy, so later mutation does not leak into the store', async () => {
    const store = createIdbStore()
    const value = { list: [1] }
    await store.update('k', () => value)
    value.list.push(2)
    expect(await store.get('k')).toEqual({ list: [1] })
  })
})
