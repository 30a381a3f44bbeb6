/**
 * The import plan is enforced, not hoped for: each kind of forbidden arrow, planted in a real file
 * under `src/`, makes ESLint fail with the rule that guards it. The planted files are removed
 * whatever happens (and are git-ignored should a run be killed).
 */
import { rm, writeFile } from 'node:fs/promises'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'

const PREFIX = '__lint_planted__'
const planted: string[] = []

async function plant(files: Record<string, string>): Promise<string[]> {
  const paths = Object.keys(files)
  planted.push(...paths)
  await Promise.all(paths.map((path) => writeFile(path, files[path] ?? '')))
  return paths
}

afterAll(async () => {
  await Promise.all(planted.map((path) => rm(path, { force: true })))
})

/**
 * The repository's config, without type information: every rule planted here reads imports and
 * names only, and building the TypeScript program for each planted file was most of this file's
 * time. typescript-eslint's `disableTypeChecked` turns off the rules that need it (none of which
 * is planted) along with the program; `npm run lint` still runs them on the real tree.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: tseslint.configs.disableTypeChecked,
})

/** The rule ids and messages ESLint reports for the planted files. */
async function lint(paths: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(paths)
  return results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
  )
}

describe('the import plan', () => {
  it.each([
    ['core importing config', 'src/core', "import { config } from '../config/env.ts'"],
    ['core importing the store', 'src/core', "import { reduce } from '../store/app-store.ts'"],
    [
      'the store importing shared',
      'src/store',
      "import { config } from '../shared/provider-client.ts'",
    ],
    [
      'shared importing the session',
      'src/shared',
      "import { connectSession } from '../session/connect-session.ts'",
    ],
    [
      'the session importing a feature',
      'src/session',
      "import { TapPage } from '../features/tap/tap-page.tsx'",
    ],
    [
      'a feature importing the platform',
      'src/features/tap',
      "import { createIdbStore } from '../../platform/idb-store.ts'",
    ],
    [
      'a feature importing another',
      'src/features/tap',
      "import { EventCard } from '../events/event-card.tsx'",
    ],
    [
      'a feature importing a route',
      'src/features/tap',
      "import { Route } from '../../routes/tap.tsx'",
    ],
    [
      'a route importing core',
      'src/routes',
      "import { parseTapParams } from '../core/tap-params.ts'",
    ],
    [
      'a feature importing configuration',
      'src/features/tap',
      "import { config } from '../../config/env.ts'",
    ],
    [
      'anything below importing the app',
      'src/features/tap',
      "import { startSession } from '../../app/session-wiring.ts'",
    ],
    [
      'the build reaching into a feature',
      'build',
      "import { readTheme } from '../src/features/theme/theme.ts'",
    ],
    [
      'the worker importing shared',
      'sw',
      "import { config } from '../src/shared/provider-client.ts'",
    ],
  ])('fails on %s', async (_label, folder, line) => {
    const name = line.match(/import \{ (\w+)/)?.[1] ?? 'x'
    const [path] = await plant({
      [`${folder}/${PREFIX}.ts`]: `${line}\nexport const planted = ${name}\n`,
    })
    const messages = await lint([path as string])
    expect(messages.some((message) => message.startsWith('import-x/no-restricted-paths'))).toBe(
      true,
    )
  })

  it.each([
    [
      'shipping code importing vitest',
      'src/features/tap',
      "import { vi } from 'vitest'",
      'no-restricted-imports',
    ],
    [
      'shipping code importing testing-library',
      'src/session',
      "import { render } from '@testing-library/react'",
      'no-restricted-imports',
    ],
    ['core importing vitest', 'src/core', "import { vi } from 'vitest'", 'no-restricted-imports'],
    [
      'shipping code importing a test helper',
      'src/features/install',
      "import { offerInstall } from './install.test-support.ts'",
      'no-restricted-imports',
    ],
    [
      'an import without its suffix',
      'src/features/tap',
      "import { parseTapParams } from '../../core/tap-params'",
      'import-x/extensions',
    ],
  ])('fails on %s', async (_label, folder, line, rule) => {
    const name = line.match(/import \{ (\w+)/)?.[1] ?? 'x'
    const [path] = await plant({
      [`${folder}/${PREFIX}.ts`]: `${line}\nexport const planted = ${name}\n`,
    })
    const messages = await lint([path as string])
    expect(messages.some((message) => message.startsWith(`${rule}:`))).toBe(true)
  })

  it('lets test files use test tooling and helpers', async () => {
    const [path] = await plant({
      [`src/features/install/${PREFIX}.test.ts`]: `import { expect, it } from 'vitest'\nimport { offerInstall } from './install.test-support.ts'\nit('runs', () => expect(offerInstall).toBeDefined())\n`,
    })
    expect(await lint([path as string])).toEqual([])
  })

  it('fails on a cycle', async () => {
    // (import-x skips `import type` edges: type-only cycles are kept out by the layer rules.)
    const paths = await plant({
      [`src/core/${PREFIX}a.ts`]: `import { b } from './${PREFIX}b.ts'\nexport const a = () => b()\n`,
      [`src/core/${PREFIX}b.ts`]: `import { a } from './${PREFIX}a.ts'\nexport const b = () => a()\n`,
    })
    const messages = await lint(paths)
    // Both ends report it, except in typescript-eslint's single-run mode (CI=true), which
    // shares import-x's traversal between the two files: one report is enough to fail lint.
    expect(messages.some((message) => message.startsWith('import-x/no-cycle'))).toBe(true)
  })

  it('passes the same files without the forbidden arrow', async () => {
    const [path] = await plant({
      [`src/features/tap/${PREFIX}ok.ts`]: `import { parseTapParams } from '../../core/tap-params.ts'\nexport const planted = parseTapParams\n`,
    })
    expect(await lint([path as string])).toEqual([])
  })
})
