/** Test projects: one per runtime, so each test runs where its code runs. */
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { linguiCatalogs, linguiMacros } from './build/lingui.ts'

/**
 * How many browser-test files run at once (`BROWSER_WORKERS`; one more than the cores when unset,
 * at most 10: a browser file waits on pages often enough that one extra keeps every core busy).
 * Each worker has a Chromium and a build and stack of its own (tests/setup/servers.ts starts one
 * per worker).
 */
function browserWorkers(): number {
  const raw = process.env.BROWSER_WORKERS ?? String(Math.min(availableParallelism() + 1, 10))
  const workers = Number(raw)
  if (!Number.isInteger(workers) || workers < 1 || workers > 10) {
    throw new RangeError(
      `BROWSER_WORKERS must be a whole number from 1 to 10 (each worker takes 10 ports, and ` +
        `TEST_PORT_OFFSET=100 starts the next run's), not "${raw}".`,
    )
  }
  return workers
}

export default defineConfig({
  test: {
    // Every project runs at once, in one group (vitest requires one worker count per group): the
    // unit files fill the cores while browser files wait on pages. One more worker than cores:
    // vitest's default leaves a core to its main process, which mostly waits.
    maxWorkers: browserWorkers(),
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/core/**/*.test.ts'],
          // Every unit project's deadlines stretch by the run's speed factor (decision 037).
          setupFiles: ['tests/setup/unit-file.ts'],
          // Pure code with no globals to stub: its files share a worker's modules, which saves
          // importing them again for every file (about a third of the unit tests' time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'platform',
          environment: 'node',
          // These stub browser globals (`self`, `indexedDB`, `crypto`): each file on its own.
          include: ['src/platform/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['tests/setup/unit-file.ts'],
        },
      },
      {
        plugins: [linguiMacros(), linguiCatalogs(), react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          // A VM context per file: each file still gets fresh modules and a fresh DOM, at about
          // half the cost of a child process per file.
          pool: 'vmThreads',
          include: [
            'src/{app,config,store,session,shared,features,routes}/**/*.test.{ts,tsx}',
            'src/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup/app.ts'],
        },
      },
      {
        test: {
          name: 'dev',
          environment: 'node',
          include: ['dev/**/*.test.ts', 'build/**/*.test.ts'],
          // The stand-ins and build steps are created per test, and no file stubs a global it
          // leaves stubbed (the setup file takes the SDK tests' jsdom window away after each
          // file): the files share a worker's modules, as the core's do.
          isolate: false,
          setupFiles: ['tests/setup/dev-file.ts'],
          // Stretched by the setup file, as every project's.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/setup/servers.ts'],
          setupFiles: ['tests/setup/browser-file.ts'],
          // As on the reference machine: the setup file stretches both by the run's speed factor.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // As many files at once as there are stacks, beside the unit projects.
          fileParallelism: true,
          maxWorkers: browserWorkers(),
        },
      },
    ],
  },
})
