/** `npm run test:repeat`'s tally: per test file, passes, failures and time over the runs. */
import { relative } from 'node:path'

/** The parts of vitest's JSON report (`--reporter=json`) read here. */
export interface JsonReport {
  testResults: {
    name: string
    status: 'passed' | 'failed'
    startTime: number
    endTime: number
    message: string
    assertionResults: {
      fullName: string
      status: string
      failureMessages: string[]
    }[]
  }[]
}

/** One run of the browser tests: wall time, exit code, and report (null if vitest wrote none). */
export interface Run {
  wallMs: number
  exitCode: number | null
  report: JsonReport | null
}

/** One test file over all runs. */
export interface FileTally {
  file: string
  passed: number
  failed: number
  /** Its tests' time summed over the runs (each: from the first test's start to the last's end). */
  testMs: number
}

/** One failing test (or a file that failed outside its tests) over all runs. */
export interface FailureTally {
  name: string
  count: number
  /** The first line of the latest failure's message. */
  message: string
}

/** Everything `formatSummary` prints; `ok` is false when any run failed or left no report. */
export interface Summary {
  files: FileTally[]
  failures: FailureTally[]
  runs: Run[]
  ok: boolean
}

const firstLine = (text: string) => text.split('\n', 1)[0]?.trim() ?? ''

/** Tallies the runs' reports by test file (paths relative to `root`). */
export function summarize(runs: Run[], root: string): Summary {
  const files = new Map<string, FileTally>()
  const failures = new Map<string, FailureTally>()
  const fail = (name: string, message: string) => {
    const tally = failures.get(name) ?? { name, count: 0, message }
    failures.set(name, { ...tally, count: tally.count + 1, message: firstLine(message) })
  }
  for (const run of runs) {
    for (const result of run.report?.testResults ?? []) {
      const file = relative(root, result.name)
      const tally = files.get(file) ?? { file, passed: 0, failed: 0, testMs: 0 }
      const failed = result.status === 'failed'
      files.set(file, {
        file,
        passed: tally.passed + (failed ? 0 : 1),
        failed: tally.failed + (failed ? 1 : 0),
        testMs: tally.testMs + Math.max(0, result.endTime - result.startTime),
      })
      const failedTests = result.assertionResults.filter((test) => test.status === 'failed')
      for (const test of failedTests)
        fail(`${file} > ${test.fullName}`, test.failureMessages[0] ?? '')
      // A file can fail with no failed test: an error in a hook, or outside any test.
      if (failed && failedTests.length === 0) fail(`${file} (outside its tests)`, result.message)
    }
  }
  const ok =
    runs.length > 0 &&
    runs.every((run) => run.exitCode === 0 && run.report !== null) &&
    [...files.values()].every((tally) => tally.failed === 0)
  return {
    files: [...files.values()].sort((a, b) => a.file.localeCompare(b.file)),
    failures: [...failures.values()].sort(
      (a, b) => b.count - a.count || a.name.localeCompare(b.name),
    ),
    runs,
    ok,
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** The summary as the lines the script prints. */
export function formatSummary(summary: Summary): string {
  const { files, failures, runs } = summary
  const width = Math.max(4, ...files.map((tally) => tally.file.length))
  const row = (file: string, passed: string, failed: string, time: string) =>
    `${file.padEnd(width)}  ${passed.padStart(6)}  ${failed.padStart(6)}  ${time.padStart(10)}`
  const lines = [
    `${runs.length} run${runs.length === 1 ? '' : 's'} of the browser tests`,
    '',
    row('file', 'passed', 'failed', 'test time'),
    ...files.map((tally) =>
      row(tally.file, String(tally.passed), String(tally.failed), seconds(tally.testMs)),
    ),
  ]
  if (failures.length > 0) {
    lines.push('', 'failures:')
    for (const failure of failures) {
      lines.push(`  ${failure.count}× ${failure.name}`)
      if (failure.message !== '') lines.push(`      ${failure.message}`)
    }
  }
  lines.push('', 'runs:')
  runs.forEach((run, index) => {
    const exit = run.exitCode === null ? 'killed' : `exit ${run.exitCode}`
    const report = run.report === null ? ', no report' : ''
    lines.push(`  run ${index + 1}  ${seconds(run.wallMs).padStart(9)}  (${exit}${report})`)
  })
  lines.push('', summary.ok ? 'every run passed' : 'FAILED')
  return lines.join('\n')
}
