/**
 * `tsx dev/run-together.ts [--live <npm script>] <npm script>…`: runs npm scripts at the same time,
 * prints each one's output in one piece when it ends, with its time, and exits non-zero if any
 * failed. With `--live`, that script's output is shown as it comes, and the others run at a lower
 * CPU priority, using what it leaves idle: `npm test` runs the test suites live and ESLint and
 * the type check in the time the browser tests spend waiting on pages.
 */
import { spawn } from 'node:child_process'
import { setPriority } from 'node:os'

/** A command to run, and what to call it in the output. */
export interface Job {
  name: string
  command: string
  args: string[]
  /** Shows the output as it comes instead of keeping it for the end. */
  live?: boolean
  /** Runs at a lower CPU priority (nice 10): it takes only what other work leaves idle. */
  background?: boolean
}

/** How a job ended: its exit code (null when a signal stopped it), output and time. */
export interface Outcome {
  name: string
  exitCode: number | null
  output: string
  ms: number
}

/** The niceness of a background job: the scheduler gives it about a tenth of a busy core. */
export const BACKGROUND_NICENESS = 10

/**
 * Runs every job at once; resolves when all have ended, in the order given. A live job's output
 * goes to `out` as it comes (and is not kept in its outcome).
 */
export function runTogether(
  jobs: readonly Job[],
  out: (chunk: Buffer) => void = (chunk) => process.stdout.write(chunk),
): Promise<Outcome[]> {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<Outcome>((resolve) => {
          const started = performance.now()
          const chunks: Buffer[] = []
          const keep = (chunk: Buffer) => (job.live ? out(chunk) : chunks.push(chunk))
          const child = spawn(job.command, job.args, { stdio: ['ignore', 'pipe', 'pipe'] })
          if (job.background && child.pid !== undefined) {
            // Its children (npm's, then the tool's) inherit the priority. A job that has already
            // ended cannot take it, and is reported by its exit as any other.
            try {
              setPriority(child.pid, BACKGROUND_NICENESS)
            } catch {
              // Nothing to lower.
            }
          }
          child.stdout.on('data', keep)
          child.stderr.on('data', keep)
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

/** The jobs the command line names: `--live <script>` first if given, then the others. */
export function jobsFrom(argv: readonly string[], npm = 'npm'): Job[] | null {
  const liveAt = argv.indexOf('--live')
  const live = liveAt === -1 ? undefined : argv[liveAt + 1]
  if (liveAt !== -1 && (live === undefined || live.startsWith('--'))) return null
  const others = argv.filter(
    (_, index) => liveAt === -1 || (index !== liveAt && index !== liveAt + 1),
  )
  if (others.length === 0 && live === undefined) return null
  const job = (name: string): Job => ({ name, command: npm, args: ['run', '--silent', name] })
  return [
    ...(live === undefined ? [] : [{ ...job(live), live: true }]),
    ...others.map((name) => ({ ...job(name), background: live !== undefined })),
  ]
}

async function main(argv: string[]): Promise<void> {
  const jobs = jobsFrom(argv, process.platform === 'win32' ? 'npm.cmd' : 'npm')
  if (!jobs) {
    console.error(
      'Usage: tsx dev/run-together.ts [--live <npm script>] <npm script> [<npm script>…]',
    )
    process.exit(2)
  }
  const outcomes = await runTogether(jobs)
  // Each kept output with its verdict, in order (the live job's output was shown as it came).
  for (const outcome of outcomes) {
    process.stdout.write(outcome.output)
    console.log(verdict(outcome))
  }
  process.exit(outcomes.every((outcome) => outcome.exitCode === 0) ? 0 : 1)
}

if (import.meta.url === `file://${process.argv[1]}`) void main(process.argv.slice(2))
