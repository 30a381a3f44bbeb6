/**
 * Runs before each browser-test file: every file starts on a clean stack (no fault armed by the
 * file before, call counts and send limits at zero), whatever that file left behind.
 */
import { beforeAll } from 'vitest'
import { resetStack } from '../support/stack.ts'

beforeAll(async () => {
  await resetStack()
})
