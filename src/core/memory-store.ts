/** An in-memory KeyValueStore: for hosts without IndexedDB, scripts and tests. */
import type { KeyValueStore } from './ports.ts'

/** Copies a JSON-safe value so callers never share objects with the store (as IndexedDB's cloning does). */
function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}

/** Creates an empty in-memory store; `update` is atomic because it never awaits between read and write. */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, unknown>()
  return {
    async get<T>(key: string) {
      return copy(values.get(key)) as T | undefined
    },
    async update<T>(key: string, fn: (current: T | undefined) => T | undefined) {
      const next = fn(copy(values.get(key)) as T | undefined)
      if (next !== undefined) values.set(key, copy(next))
    },
  }
}
