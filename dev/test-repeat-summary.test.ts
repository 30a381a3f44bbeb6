/** Unit tests for test:repeat's tally: per file, passes, failures and time over the runs. */
import { describe, expect, it } from 'vitest'
import { formatSummary, summarize, type JsonReport, type Run } from './test-repeat-summary.ts'

type FileResult = JsonReport['testResults'][number]

const file = (
  name: string,
  status: FileResult['status'],
  ms: number,
  extra: Partial<FileResult> = {},
): FileResult => ({
  name: `/repo/tests/${name}`,
  status,
  startTime: 1_000,
  endTime: 1_000 + ms,
  message: '',
  assertionResults: [],
  ...extra,
})

const run = (wallMs: number, results: FileResult[], exitCode = 0): Run => ({
  wallMs,
  exitCode,
  report: { testResults: results },
})

describe('summarize', () => {
  it('counts passes and failures per file and sums their time over the runs', () => {
    const failing = file('b.test.ts', 'failed', 3_000, {
      assertionResults: [
        { fullName: 'b works', status: 'passed', failureMessages: [] },
        {
          fullName: 'b waits',
          status: 'failed',
          failureMessages: ['Error: timed out waiting for "Your events"\n    at b.test.ts:3'],
        },
      ],
    })
    const summary = summarize(
      [
        run(10_000, [file('a.test.ts', 'passed', 2_000), file('b.test.ts', 'passed', 1_000)]),
        run(12_000, [file('a.test.ts', 'passed', 2_500), failing], 1),
      ],
      '/repo',
    )
    expect(summary.files).toEqual([
      { file: 'tests/a.test.ts', passed: 2, failed: 0, testMs: 4_500 },
      { file: 'tests/b.test.ts', passed: 1, failed: 1, testMs: 4_000 },
    ])
    expect(summary.failures).toEqual([
      {
        name: 'tests/b.test.ts > b waits',
        count: 1,
        message: 'Error: timed out waiting for "Your events"',
      },
    ])
    expect(summary.ok).toBe(false)
  })

  it('names a file that failed outside its tests (a hook, an import)', () => {
    const summary = summarize(
      [run(1_000, [file('c.test.ts', 'failed', 0, { message: 'Cannot find module x' })], 1)],
      '/repo',
    )
    expect(summary.failures).toEqual([
      { name: 'tests/c.test.ts (outside its tests)', count: 1, message: 'Cannot find module x' },
    ])
  })

  it('fails a run that left no report or exited non-zero, though every file passed', () => {
    const passing = [file('a.test.ts', 'passed', 1_000)]
    expect(summarize([run(1_000, passing)], '/repo').ok).toBe(true)
    expect(summarize([run(1_000, passing, 1)], '/repo').ok).toBe(false)
    expect(
      summarize([run(1_000, passing), { wallMs: 500, exitCode: 1, report: null }], '/repo').ok,
    ).toBe(false)
    expect(summarize([], '/repo').ok).toBe(false)
  })
})

describe('formatSummary', () => {
  it('prints a row per file, the failures and each run', () => {
    const summary = summarize(
      [
        run(61_000, [file('a.test.ts', 'passed', 2_000)]),
        { wallMs: 4_200, exitCode: 1, report: null },
      ],
      '/repo',
    )
    expect(formatSummary(summary).split('\n')).toEqual([
      '2 runs of the browser tests',
      '',
      'file             passed  failed   test time',
      'tests/a.test.ts       1       0       2.0 s',
      '',
      'runs:',
      '  run 1     61.0 s  (exit 0)',
      '  run 2      4.2 s  (exit 1, no report)',
      '',
      'FAILED',
    ])
  })
})
