/**
 * Runs around each browser-test file: its tests', hooks' and polls' default deadlines stretched by
 * the run's speed factor; it starts on a clean stack (no fault armed by the file before, call
 * counts and send limits at zero), whatever that file left behind, and gives the stack it leased
 * back once everything else in the file is done (after hooks run last-in, first-out, and these
 * were registered first).
 */
import { afterAll, beforeAll, vi } from 'vitest'
import { PROMPT_MS, scaled } from '../support/deadline.ts'
import { resetStack } from '../support/stack.ts'
import { releaseStack } from '../support/test-stack.ts'

/**
 * A test or hook that names no deadline of its own gets a minute, stretched: a browser test is a
 * journey of a few seconds, so only a hang comes near it. Set before any test or hook is
 * registered, as each takes its default then. A poll that names none waits `PROMPT_MS`.
 */
vi.setConfig({
  testTimeout: scaled(60_000),
  hookTimeout: scaled(60_000),
  expect: { poll: { timeout: scaled(PROMPT_MS) } },
})

beforeAll(async () => {
  await resetStack()
})

afterAll(() => {
  releaseStack()
})
