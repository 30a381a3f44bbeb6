/**
 * `npm run test:repeat -- N [vitest arguments]`: runs the browser tests N times, one run after
 * another and without retries, then prints per test file how often it passed and failed and its
 * time, and each run's wall time; exits non-zero if anything failed. Finds the flaky file.
 * E.g. `npm run test:repeat -- 5 tests/passkeys.test.ts`.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatSummary, summarize, type JsonReport, type Run } from './test-repeat-summary.ts'

const USAGE = 'Usage: npm run test:repeat -- <runs> [vitest arguments, e.g. a test file]'

/** Runs vitest once with the JSON reporter writing to `reportFile`; the progress shows as dots. */
function runOnce(reportFile: string, extraArgs: string[]): Promise<Run> {
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'browser',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...extraArgs,
  ]
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' })
    child.on('error', reject)
    child.on('close', (exitCode) => {
      const wallMs = performance.now() - started
      readFile(reportFile, 'utf8').then(
        (text) => resolve({ wallMs, exitCode, report: JSON.parse(text) as JsonReport }),
        // No report: vitest stopped before its reporters ran (a failed global setup, say).
        () => resolve({ wallMs, exitCode, report: null }),
      )
    })
  })
}

async function main(): Promise<void> {
  const [count, ...extraArgs] = process.argv.slice(2)
  const runs = Number(count)
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(USAGE)
    process.exit(2)
  }
  const dir = await mkdtemp(join(tmpdir(), 'iyk-test-repeat-'))
  const results: Run[] = []
  try {
    for (let index = 1; index <= runs; index++) {
      console.log(`\nrun ${index} of ${runs}`)
      results.push(await runOnce(join(dir, `run-${index}.json`), extraArgs))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  const summary = summarize(results, process.cwd())
  console.log(`\n${formatSummary(summary)}`)
  process.exitCode = summary.ok ? 0 : 1
}

await main()
