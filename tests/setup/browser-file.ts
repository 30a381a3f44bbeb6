/**
 * Runs around each browser-test file: it starts on a clean stack (no fault armed by the file
 * before, call counts and send limits at zero), whatever that file left behind, and gives the
 * stack it leased back once everything else in the file is done (after hooks run last-in,
 * first-out, and these were registered first).
 */
import { afterAll, beforeAll } from 'vitest'
import { resetStack } from '../support/stack.ts'
import { releaseStack } from '../support/test-stack.ts'

beforeAll(async () => {
  await resetStack()
})

afterAll(() => {
  releaseStack()
})
