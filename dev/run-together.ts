/**
 * `tsx dev/run-together.ts <npm script>…`: runs npm scripts at the same time (`npm test` runs
 * ESLint and the type check side by side, one per core), prints each one's output in one piece
 * when it ends, with its time, and exits non-zero if any failed.
 */
import { spawn } from 'node:child_process'

/** A command to run, and what to call it in the output. */
export interface Job {
  name: string
  command: string
  args: string[]
}

/** How a job ended: its exit code (null when a signal stopped it), output and time. */
export interface Outcome {
  name: string
  exitCode: number | null
  output: string
  ms: number
}

/** Runs every job at once; resolves when all have ended, in the order given. */
export function runTogether(jobs: readonly Job[]): Promise<Outcome[]> {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<Outcome>((resolve) => {
          const started = performance.now()
          const chunks: Buffer[] = []
          const child = spawn(job.command, job.args, { stdio: ['ignore', 'pipe', 'pipe'] })
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
          const end = (exitCode: number | null, extra = '') =>
            resolve({
              name: job.name,
              exitCode,
              output: Buffer.concat(chunks).toString('utf8') + extra,
              ms: performance.now() - started,
            })
          child.on('error', (error) => end(null, `\n${String(error)}\n`))
          child.on('close', (code) => end(code))
        }),
    ),
  )
}

/** The line that closes a job's output. */
export const verdict = (outcome: Outcome) =>
  `${outcome.name}: ${outcome.exitCode === 0 ? 'passed' : `failed (exit ${String(outcome.exitCode)})`} in ${(outcome.ms / 1000).toFixed(1)} s`

async function main(scripts: string[]): Promise<void> {
  if (scripts.length === 0) {
    console.error('Usage: tsx dev/run-together.ts <npm script> [<npm script>…]')
    process.exit(2)
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const outcomes = await runTogether(
    scripts.map((name) => ({ name, command: npm, args: ['run', '--silent', name] })),
  )
  for (const outcome of outcomes) {
    process.stdout.write(outcome.output)
    console.log(verdict(outcome))
  }
  process.exit(outcomes.every((outcome) => outcome.exitCode === 0) ? 0 : 1)
}

if (import.meta.url === `file://${process.argv[1]}`) void main(process.argv.slice(2))
