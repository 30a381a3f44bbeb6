/** Lint: strict TypeScript rules and the one-way import boundaries of STYLE.md. */
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/** Features never import each other: one zone per feature folder. */
const featureZones = readdirSync('./src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./src/features/${entry.name}`,
    from: './src/features',
    except: [`./${entry.name}`],
    message: 'Features never import each other; share through store, lib or core.',
  }))

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
              target: './src/lib',
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
              message: 'src/lib may import only core and config.',
            },
            {
              target: './src/session',
              from: ['./src/app', './src/routes', './src/features', './sw', './dev', './tests'],
              message: 'src/session may import store, lib, platform, core and config.',
            },
            {
              target: [
                './src/core',
                './src/platform',
                './src/config',
                './src/store',
                './src/lib',
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
              message: 'features sit below routes, and reach the platform through lib or session.',
            },
            {
              target: './src/features',
              from: './src/config',
              except: ['./version.ts'],
              message: 'features read configuration through lib (only the app version directly).',
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
              message: 'Route files stay thin: reach core through a feature, store or lib.',
            },
            ...featureZones,
            {
              target: './src',
              from: ['./sw', './dev', './tests'],
              message: 'Nothing in src/ imports sw/, dev/ or tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
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
          ],
        },
      ],
    },
  },
  {
    files: ['dev/**', 'tests/**', '*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
)
