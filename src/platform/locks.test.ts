/** Locks: Web Locks when present, otherwise an in-memory lock that really serialises. */
import { describe, expect, it } from 'vitest'
import { deferred } from '../core/testing/deferred.ts'
import { createLocks } from './locks.ts'

describe('createLocks', () => {
  it('falls back to a lock that runs holders of one name one at a time, in order', async () => {
    const locks = createLocks(undefined)
    const order: string[] = []
    const first = deferred()
    const a = locks.withLock('x', async () => {
      order.push('a start')
      await first.promise
      order.push('a end')
      return 'a'
    })
    const b = locks.withLock('x', async () => {
      order.push('b')
      return 'b'
    })
    const other = locks.withLock('y', async () => {
      order.push('y')
    })
    await other
    expect(order).toEqual(['a start', 'y'])
    first.resolve()
    expect(await Promise.all([a, b])).toEqual(['a', 'b'])
    expect(order).toEqual(['a start', 'y', 'a end', 'b'])
  })

  it('releases the lock when a holder throws', async () => {
    const locks = createLocks(undefined)
    await expect(locks.withLock('x', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect(await locks.withLock('x', async () => 'next')).toBe('next')
  })

  it('uses the Web Locks manager when there is one', async () => {
    const requested: string[] = []
    const manager = {
      request: (name: string, _options: LockOptions, fn: () => Promise<unknown>) => {
        requested.push(name)
        return fn()
      },
    } as unknown as LockManager
    expect(await createLocks(manager).withLock('iyk', async () => 42)).toBe(42)
    expect(requested).toEqual(['iyk'])
  })
})
