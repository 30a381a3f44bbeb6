/**
 * How many times slower than the machine the browser tests' deadlines were set on this run's
 * machine is (decision 037): measured once by the browser tests' global setup, or given as
 * `TEST_SPEED_FACTOR`. Every deadline of a browser test (`tests/support/deadline.ts`) and of the
 * browser-test build (`testTimingFor`) is stretched by it.
 */
import { availableParallelism } from 'node:os'

/**
 * The workload's median time on the reference machine (the 2-core one where the deadlines were
 * set and `npm test` takes 322–341 s), with nothing else running: 73–76 ms, 2026-11-29.
 */
export const REFERENCE_WORKLOAD_MS = 75

/** The reference machine's cores: the suite runs a browser file per core and one more beside. */
export const REFERENCE_CORES = 2

/** The largest factor: beyond it the test build's wake retries would crowd the schedule's minute. */
export const MAX_SPEED_FACTOR = 10

/**
 * A fixed piece of what the suite does most, in JavaScript: objects built, sorted, serialised and
 * read back (the stand-ins and the app's worker do little else). Returns a checksum, so no engine
 * can skip it.
 */
function workload(): number {
  let seed = 1
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
  const items = Array.from({ length: 60_000 }, (_, index) => ({
    id: `event-${index}`,
    at: random(),
    name: String(random()).slice(2, 10),
  }))
  items.sort((a, b) => a.at - b.at)
  const back = JSON.parse(JSON.stringify(items)) as typeof items
  return back.reduce((sum, item) => sum + item.name.charCodeAt(0) + item.id.length, 0)
}

/** The workload's median time in ms over five runs, after one run that warms the compiler. */
export function workloadMs(): number {
  workload()
  const times = Array.from({ length: 5 }, () => {
    const start = performance.now()
    workload()
    return performance.now() - start
  }).sort((a, b) => a - b)
  return times[2] ?? Number.NaN
}

/** What the factor was made of, for the run's log. */
export interface SpeedFactor {
  factor: number
  /** How it came: `TEST_SPEED_FACTOR`, or measured (with the workload's time and the cores). */
  source: string
}

/** `TEST_SPEED_FACTOR` read: a number from 1 to `MAX_SPEED_FACTOR`, or undefined when unset. */
export function speedFactorOverride(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  const factor = Number(raw)
  if (!Number.isFinite(factor) || factor < 1 || factor > MAX_SPEED_FACTOR) {
    throw new RangeError(
      `TEST_SPEED_FACTOR must be a number from 1 to ${MAX_SPEED_FACTOR} (how many times slower ` +
        `than the reference machine this one runs the tests), not "${raw}".`,
    )
  }
  return factor
}

/**
 * The factor from a workload time and a core count: slower cores stretch it by their time, fewer
 * cores than the reference's by the share each file gets (the suite keeps every core busy), never
 * below 1 (a faster machine keeps the deadlines as set) nor above `MAX_SPEED_FACTOR`.
 */
export function speedFactorOf(measuredMs: number, cores: number): number {
  const slowerCores = measuredMs / REFERENCE_WORKLOAD_MS
  const fewerCores = REFERENCE_CORES / Math.max(cores, 1)
  const factor = Math.max(slowerCores, 1) * Math.max(fewerCores, 1)
  if (!Number.isFinite(factor)) return MAX_SPEED_FACTOR
  return Math.min(Math.round(factor * 100) / 100, MAX_SPEED_FACTOR)
}

/** This run's factor: `TEST_SPEED_FACTOR` when set, else measured on the cores this process may use. */
export function speedFactor(env: NodeJS.ProcessEnv = process.env): SpeedFactor {
  const given = speedFactorOverride(env.TEST_SPEED_FACTOR)
  if (given !== undefined) return { factor: given, source: 'TEST_SPEED_FACTOR' }
  const measuredMs = workloadMs()
  const cores = availableParallelism()
  return {
    factor: speedFactorOf(measuredMs, cores),
    source:
      `measured: a workload of ${Math.round(measuredMs)} ms (${REFERENCE_WORKLOAD_MS} ms on the ` +
      `reference machine), ${cores} core${cores === 1 ? '' : 's'} (${REFERENCE_CORES} there)`,
  }
}
