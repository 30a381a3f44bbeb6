/**
 * Runs around each file of the dev project, whose files share a worker's modules and globals
 * (vitest.config.ts): its deadlines (20 s a test, 10 s a hook) stretched by the run's speed factor
 * (decision 037), and a file that put a jsdom window on `globalThis` (the SDK's contract tests)
 * leaves none for the next, so no file depends on which files ran before it in its worker.
 */
import { afterAll, vi } from 'vitest'
import { uninstallDom } from '../../dev/testing/sdk-in-jsdom.ts'
import { scaled } from '../support/deadline.ts'

vi.setConfig({ testTimeout: scaled(20_000), hookTimeout: scaled(10_000) })

afterAll(() => {
  uninstallDom()
})
