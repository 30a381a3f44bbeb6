/**
 * The URLs of the stack a browser-test file runs against: the production build's static server,
 * the provider and cards stand-ins and the error sink. `tests/setup/servers.ts` starts one stack
 * per worker; a file leases one for itself when it loads, and `releaseStack` (after its last
 * hook) or its process's exit gives it back.
 *
 * Why a lease, not just the worker's `VITEST_POOL_ID`: vitest 4 can hand one pool id to two
 * running files. Between two groups of projects (the unit projects, then this one) it marks every
 * id free for the next group, and a finished unit file's bookkeeping then frees its id a second
 * time, while a browser file already holds it; the next browser file gets it too. Two files on
 * one stack reset and arm each other's stand-ins (decision 028's status).
 */
import { inject } from 'vitest'
import { holder, leaseFree, leasePath, releaseLease } from '../../dev/testing/stack-lease.ts'
import { scaled } from './deadline.ts'

/** One worker's stack: where each server listens, and the directory its app is built into. */
export interface TestStack {
  appUrl: string
  providerUrl: string
  cardsUrl: string
  sinkUrl: string
  distDir: string
}

/**
 * How long a file waits for a stack to come free before it fails, saying who holds them (stretched:
 * a stack comes free when the file before it has run its last hook).
 */
const LEASE_WAIT_MS = scaled(60_000)

/** Sleeps the thread (the stack is chosen while the file's modules load, before any await). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

let leased: string | undefined

function leaseStack(): TestStack {
  const { stacks, leaseDir } = inject('testStacks')
  const poolId = Number(process.env.VITEST_POOL_ID)
  // The worker's own stack first: it is the free one whenever vitest's ids are right.
  const preferred = Number.isInteger(poolId) && poolId >= 1 ? (poolId - 1) % stacks.length : 0
  const deadline = Date.now() + LEASE_WAIT_MS
  for (;;) {
    const index = leaseFree(leaseDir, stacks.length, preferred)
    if (index !== null) {
      leased = leasePath(leaseDir, index)
      process.once('exit', releaseStack)
      return stacks[index] as TestStack
    }
    if (Date.now() > deadline) {
      const holders = stacks.map((_, each) => holder(leasePath(leaseDir, each)))
      throw new Error(
        `No browser-test stack came free within ${LEASE_WAIT_MS / 1000} s: ${stacks.length} ` +
          `started (tests/setup/servers.ts), held by processes ${holders.join(', ')}. Run browser ` +
          'tests through vitest with the browser project (vitest.config.ts).',
      )
    }
    pause(100)
  }
}

/** Gives the file's stack back (the browser-file setup's last hook; again at exit, harmlessly). */
export function releaseStack(): void {
  if (leased === undefined) return
  releaseLease(leased)
  leased = undefined
}

export const { appUrl, providerUrl, cardsUrl, sinkUrl, distDir } = leaseStack()
