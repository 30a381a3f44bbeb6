/**
 * The browser tests' deadlines, in one place: each is written as it holds on the machine the
 * suite was tuned on, and stretched here by the run's speed factor (decision 037), so a wait that
 * holds there holds on a machine twice or thrice as slow. A deadline names what it waits for.
 */
import { testTimingFor, type Timing } from '../../src/core/timing.ts'
import { speedFactorOverride } from './speed-factor.ts'

/**
 * How many times slower than the reference machine this run is: `TEST_SPEED_FACTOR`, which the
 * global setup (tests/setup/servers.ts) sets from its measurement before any test file starts;
 * 1 outside a test run (a bench that borrows a helper).
 */
export const speedFactor: number = speedFactorOverride(process.env.TEST_SPEED_FACTOR) ?? 1

/** `ms` as it holds on the reference machine, stretched for this run. */
export const scaled = (ms: number): number => Math.ceil(ms * speedFactor)

/**
 * The deadlines and intervals of the app under test: the browser-test build's, stretched by the
 * same factor (the global setup compiled it in), so a wait made of them matches what the app does.
 */
export const appTiming: Readonly<Timing> = testTimingFor(speedFactor)

/**
 * How long a poll that names no deadline waits (`vitest`'s own is 1 s): for what follows promptly
 * from the step before it (a message in the inbox after "Send code", a call counted after the
 * reload that made it), not for a deadline of the app.
 */
export const PROMPT_MS = 10_000

/** Options for `expect.poll`: a failure says `what` it waited for, after `ms` (stretched). */
export const waitingFor = (what: string, ms = PROMPT_MS) => ({
  message: `waited ${scaled(ms) / 1000} s for ${what}`,
  timeout: scaled(ms),
})

/**
 * `promise`, or a rejection naming `what` after `ms` (stretched; 10 s by default): for a browser
 * step that can hang rather than fail (a DevTools call, or a script run in a page caught
 * mid-navigation, may never answer). A caller that polls then tries again, instead of the whole
 * run waiting out its timeout.
 */
export function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  const limit = scaled(ms)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${limit / 1000} s`)),
      limit,
    )
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
