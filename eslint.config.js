/** Lint: strict TypeScript rules and the one-way import boundaries of STYLE.md. */
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

const featureDirs = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `./src/features/${entry.name}`)

/** Features never import each other: one zone per feature folder. */
const featureZones = featureDirs.map((dir) => ({
  target: dir,
  from: './src/features',
  except: [`./${dir.split('/').pop()}`],
  message: 'Features never import each other; share through store, shared or core.',
}))

/** Test tooling and test helpers: for test files only, never for code that ships. */
const testOnlyImports = [
  {
    group: [
      'vitest',
      'vitest/*',
      '@vitest/*',
      '@testing-library/*',
      'fake-indexeddb',
      'fast-check',
    ],
    message: 'Test tooling belongs in *.test.ts(x) or *.test-support.ts(x) files.',
  },
  {
    group: ['**/*.test-support*', '**/testing/*', '**/*.test', '**/*.test.ts', '**/*.test.tsx'],
    message: 'Code that ships never imports test helpers.',
  },
]

const browserOnlyGlobals = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'fetch',
  'caches',
  'BroadcastChannel',
  'setTimeout',
  'setInterval',
].map((name) => ({ name, message: 'src/core is pure: take this in as a port.' }))

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-test',
      'dist-test-*',
      'dev-dist',
      '.data',
      '.bench',
      'node_modules',
      'src/routeTree.gen.ts',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    // Resolves extensionless TypeScript imports too, so the path rules and no-cycle see every edge.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      // A cycle, even type-only, means two modules are one: merge them or move what they share.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import style: relative imports name the file, suffix included (`./x.ts`).
      'import-x/extensions': ['error', 'always', { ignorePackages: true, checkTypeImports: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/core',
              from: ['./src', './sw', './dev', './tests'],
              except: ['./core'],
              message: 'src/core imports nothing outside core.',
            },
            {
              target: './src/platform',
              from: ['./src', './sw', './dev', './tests'],
              except: ['./core', './platform'],
              message: 'src/platform may import only core.',
            },
            {
              target: './src/store',
              from: ['./src', './sw', './dev', './tests'],
              except: ['./core', './store'],
              message: 'src/store may import only core.',
            },
            {
              target: './src/shared',
              from: [
                './src/app',
                './src/routes',
                './src/features',
                './src/session',
                './src/store',
                './sw',
                './dev',
                './tests',
              ],
              message: 'src/shared may import only core and config.',
            },
            {
              target: './src/session',
              from: ['./src/app', './src/routes', './src/features', './sw', './dev', './tests'],
              message: 'src/session may import store, shared, platform, core and config.',
            },
            {
              target: [
                './src/core',
                './src/platform',
                './src/config',
                './src/store',
                './src/shared',
                './src/session',
                './src/features',
                './src/routes',
              ],
              from: './src/app',
              message: 'src/app composes the app: nothing below imports it.',
            },
            {
              target: './src/features',
              from: ['./src/routes', './src/platform', './sw', './dev', './tests'],
              message:
                'features sit below routes, and reach the platform through shared or session.',
            },
            {
              target: featureDirs.filter((dir) => dir !== './src/features/wallet'),
              from: './src/config',
              except: ['./version.ts', './timing.ts'],
              message:
                'features read configuration through shared (only the app version and timing directly).',
            },
            {
              target: './src/features/wallet',
              from: './src/config',
              except: ['./version.ts', './env.ts'],
              message: 'the wallet reads its RPC URLs from config/env.ts; nothing else of config.',
            },
            {
              target: './sw',
              from: ['./src', './dev', './tests'],
              except: ['./core', './platform', './config'],
              message: 'sw/ imports only core, platform and config.',
            },
            {
              target: './src/routes',
              from: ['./src/core', './src/platform', './src/config'],
              message: 'Route files stay thin: reach core through a feature, store or shared.',
            },
            ...featureZones,
            {
              target: './src',
              from: ['./sw', './dev', './tests', './build'],
              message: 'Nothing in src/ imports sw/, dev/, tests/ or build/.',
            },
            {
              target: './build',
              from: './src',
              except: ['./core', './config'],
              message:
                'build/ (build-time HTML) reads only core and config: the build reaches into no feature.',
            },
            {
              target: './build',
              from: ['./sw', './dev', './tests'],
              message: 'build/ (build-time HTML) reads only core and config.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', 'src/core/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: testOnlyImports }] },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/testing/**'],
    rules: {
      'no-restricted-globals': ['error', ...browserOnlyGlobals],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'zustand',
                'zustand/*',
                '@stytch/*',
                '@sentry/*',
                'wagmi',
                'viem',
                'idb-keyval',
                'workbox-*',
                '@tanstack/*',
              ],
              message: 'src/core is pure: no frameworks or SDKs.',
            },
            ...testOnlyImports,
          ],
        },
      ],
    },
  },
  {
    files: ['build/**', 'dev/**', 'tests/**', '*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
)
