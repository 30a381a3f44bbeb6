/**
 * The import plan is enforced, not hoped for: each kind of forbidden arrow, in a file ESLint is
 * told sits under `src/`, makes ESLint fail with the rule that guards it. Nothing is written into
 * the tree, where the type check, the catalogs' extraction and `npm run lint` (which run beside
 * this test) would find it: a single file is linted from its text at the path it claims, and the
 * two files of a cycle live in a folder of their own under `.data/`, which every tool ignores.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'

const PREFIX = '__lint_planted__'

/**
 * The repository's config, without type information: every rule checked here reads imports and
 * names only, and building the TypeScript program for each file was most of this file's time.
 * typescript-eslint's `disableTypeChecked` turns off the rules that need it (none of which is
 * checked here) along with the program; `npm run lint` still runs them on the real tree. Ignore
 * patterns are off, so the cycle's folder under the ignored `.data/` is linted.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  ignore: false,
  overrideConfig: tseslint.configs.disableTypeChecked,
})

/** The rule ids and messages of ESLint's results. */
const messagesOf = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
  )

/** What ESLint reports for `code` in a file at `path` (which is never written). */
async function lint(path: string, code: string): Promise<string[]> {
  return messagesOf(await eslint.lintText(code, { filePath: path }))
}

/** Folders made for the cycle, removed whatever happens. */
const made: string[] = []

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })))
})

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
    const messages = await lint(
      `${folder}/${PREFIX}.ts`,
      `${line}\nexport const planted = ${name}\n`,
    )
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
    const messages = await lint(
      `${folder}/${PREFIX}.ts`,
      `${line}\nexport const planted = ${name}\n`,
    )
    expect(messages.some((message) => message.startsWith(`${rule}:`))).toBe(true)
  })

  it('lets test files use test tooling and helpers', async () => {
    const code = `import { expect, it } from 'vitest'\nimport { offerInstall } from './install.test-support.ts'\nit('runs', () => expect(offerInstall).toBeDefined())\n`
    expect(await lint(`src/features/install/${PREFIX}.test.ts`, code)).toEqual([])
  })

  it('fails on a cycle', async () => {
    // (import-x skips `import type` edges: type-only cycles are kept out by the layer rules.)
    await mkdir('.data', { recursive: true })
    const dir = await mkdtemp(join('.data', 'lint-cycle-'))
    made.push(dir)
    const a = join(dir, 'a.ts')
    const b = join(dir, 'b.ts')
    await writeFile(a, `import { b } from './b.ts'\nexport const a = () => b()\n`)
    await writeFile(b, `import { a } from './a.ts'\nexport const b = () => a()\n`)
    const messages = messagesOf(await eslint.lintFiles([a, b]))
    // Both ends report it, except in typescript-eslint's single-run mode (CI=true), which
    // shares import-x's traversal between the two files: one report is enough to fail lint.
    expect(messages.some((message) => message.startsWith('import-x/no-cycle'))).toBe(true)
  })

  it('passes the same files without the forbidden arrow', async () => {
    const code = `import { parseTapParams } from '../../core/tap-params.ts'\nexport const planted = parseTapParams\n`
    expect(await lint(`src/features/tap/${PREFIX}ok.ts`, code)).toEqual([])
  })
})
