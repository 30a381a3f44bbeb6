/**
 * The URLs of the stack a browser-test file runs against: the production build's static server,
 * the provider and cards stand-ins and the error sink. `tests/setup/servers.ts` starts one stack
 * per worker; a file takes its worker's (`VITEST_POOL_ID`), which no other file uses meanwhile.
 */
import { inject } from 'vitest'

/** One worker's stack: where each server listens, and the directory its app is built into. */
export interface TestStack {
  appUrl: string
  providerUrl: string
  cardsUrl: string
  sinkUrl: string
  distDir: string
}

function ownStack(): TestStack {
  const stacks = inject('stacks')
  const poolId = process.env.VITEST_POOL_ID
  const stack = stacks[Number(poolId) - 1]
  if (poolId === undefined || !/^\d+$/.test(poolId) || stack === undefined) {
    throw new Error(
      `Browser tests need their worker's stack: VITEST_POOL_ID is ${poolId ?? 'not set'}, ` +
        `and tests/setup/servers.ts started ${stacks.length} (ids 1 to ${stacks.length}). ` +
        'Run them through vitest with the browser project (vitest.config.ts).',
    )
  }
  return stack
}

export const { appUrl, providerUrl, cardsUrl, sinkUrl, distDir } = ownStack()
