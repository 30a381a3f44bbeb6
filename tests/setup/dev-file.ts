/**
 * Runs around each file of the dev project, whose files share a worker's modules and globals
 * (vitest.config.ts): a file that put a jsdom window on `globalThis` (the SDK's contract tests)
 * leaves none for the next, so no file depends on which files ran before it in its worker.
 */
import { afterAll } from 'vitest'
import { uninstallDom } from '../../dev/testing/sdk-in-jsdom.ts'

afterAll(() => {
  uninstallDom()
})
