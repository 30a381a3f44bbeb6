/** In-memory exclusive locks for one JavaScript context: the fallback where Web Locks are missing. */
import type { Locks } from './ports.ts'

/** Creates locks that queue callers of the same name and run them one at a time, in order. */
export function createMemoryLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>()
  return {
    withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve()
      const result = previous.then(() => fn())
      const tail = result.then(
        () => undefined,
        () => undefined,
      )
      tails.set(name, tail)
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name)
      })
      return result
    },
  }
}
