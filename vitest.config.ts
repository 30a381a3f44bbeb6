/** Test projects: one per runtime, so each test runs where its code runs. */
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/core/**/*.test.ts', 'src/platform/**/*.test.ts', 'sw/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
