/** The test files' order: vitest's own, with the browser project's engine files first among its files. */
import { describe, expect, it } from 'vitest'
import type { TestSpecification } from 'vitest/node'
import { enginesFirst } from './file-order.ts'

/** A stand-in for vitest's specification: the two fields the order reads. */
const spec = (project: string, path: string) =>
  ({ project: { name: project }, moduleId: `/repo/${path}` }) as unknown as TestSpecification

const names = (specs: readonly TestSpecification[]) =>
  specs.map((each) => `${each.project.name}:${each.moduleId.replace('/repo/', '')}`)

describe('the test files’ order', () => {
  it('moves the engines’ files to the front of the browser project, keeping every other place', () => {
    const sorted = [
      spec('app', 'src/a.test.tsx'),
      spec('browser', 'tests/session.test.ts'),
      spec('browser', 'tests/engines/chromium-https.test.ts'),
      spec('browser', 'tests/lie-fi.test.ts'),
      spec('browser', 'tests/engines/webkit.test.ts'),
      spec('core', 'src/core/b.test.ts'),
    ]
    expect(names(enginesFirst(sorted))).toEqual([
      'app:src/a.test.tsx',
      'browser:tests/engines/chromium-https.test.ts',
      'browser:tests/engines/webkit.test.ts',
      'browser:tests/session.test.ts',
      'browser:tests/lie-fi.test.ts',
      'core:src/core/b.test.ts',
    ])
  })

  it('leaves other projects’ files named like engines, and a run with no browser files, as they are', () => {
    const sorted = [
      spec('dev', 'dev/tests/engines/x.test.ts'),
      spec('core', 'src/core/engines/y.test.ts'),
      spec('dev', 'dev/z.test.ts'),
    ]
    expect(names(enginesFirst(sorted))).toEqual(names(sorted))
  })

  it('keeps a support module of the engines’ folder out of the front: only test files move', () => {
    const sorted = [
      spec('browser', 'tests/a.test.ts'),
      spec('browser', 'tests/engines/journeys.ts'),
      spec('browser', 'tests/engines/firefox.test.ts'),
    ]
    expect(names(enginesFirst(sorted))).toEqual([
      'browser:tests/engines/firefox.test.ts',
      'browser:tests/a.test.ts',
      'browser:tests/engines/journeys.ts',
    ])
  })
})
