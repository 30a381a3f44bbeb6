/** Exclusive locks across the worker and every tab (Web Locks), with an in-memory fallback where absent. */
import { createMemoryLocks } from '../core/memory-locks.ts'
import type { Locks } from '../core/ports.ts'

/** Creates the engine's Locks port: Web Locks when the context has them, else locks for this context only. */
export function createLocks(
  lockManager: LockManager | undefined = globalThis.navigator?.locks,
): Locks {
  if (lockManager === undefined) return createMemoryLocks()
  return {
    withLock: <T>(name: string, fn: () => Promise<T>) =>
      lockManager.request(name, { mode: 'exclusive' }, fn) as Promise<T>,
  }
}
