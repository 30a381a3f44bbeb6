/** The storage inventory: everything an origin keeps in the browser, for "nothing of the holder left" checks. */
import type { Page } from 'playwright-core'

/** Everything the page's origin keeps, as data: every storage area, every record. */
export function dumpStorage(page: Page) {
  return page.evaluate(async () => {
    const readDatabase = (name: string) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const names = [...db.objectStoreNames]
          const out: Record<string, unknown[]> = {}
          if (names.length === 0) {
            db.close()
            resolve(out)
            return
          }
          const transaction = db.transaction(names, 'readonly')
          for (const store of names) {
            const request = transaction.objectStore(store).getAll()
            request.onsuccess = () => (out[store] = request.result)
          }
          transaction.oncomplete = () => {
            db.close()
            resolve(out)
          }
          transaction.onerror = () => reject(transaction.error)
        }
      })
    const databases: Record<string, Record<string, unknown[]>> = {}
    for (const { name } of await indexedDB.databases()) {
      if (name) databases[name] = await readDatabase(name)
    }
    const caches: Record<string, string[]> = {}
    for (const name of await self.caches.keys()) {
      const cache = await self.caches.open(name)
      caches[name] = (await cache.keys()).map((request) => request.url)
    }
    return {
      local: { ...localStorage } as Record<string, string>,
      session: { ...sessionStorage } as Record<string, string>,
      databases,
      caches,
      cookies: document.cookie,
    }
  })
}

/** Which of `values` a dump (or any record) holds anywhere: keys, values, URLs; ignoring case. */
export function valuesFound(data: unknown, values: readonly string[]): string[] {
  const text = JSON.stringify(data).toLowerCase()
  return values.filter((value) => text.includes(value.toLowerCase()))
}
