/**
 * The browser stops a service worker whenever it likes, even mid-call. Over a signed-in session
 * this stops the worker at random moments — during refreshes, taps, reloads or nothing — and
 * proves the holder is never signed out by it, the list stays, and every tap is settled.
 *
 * `npm test` runs a fixed set of seeds (`TEST_SEEDS`), a few stops each. `npm run
 * bench:worker-stops` takes `SEED` (random when unset) and `COUNT` (50), runs the stops in rounds
 * of 50, each its own holder on the next seed, and prints each round's seed first and its figures
 * last. Every step that waits has a deadline that names what it waited for.
 *
 * A stop forced while Chromium is starting the worker for a reload can leave that navigation
 * pending for good: a three-line worker that answers navigations from its cache does the same
 * (decision 021). A holder would reload again; so does the test, and it counts these.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { scaled, within } from './support/deadline.ts'
import { stopAllWorkers } from './support/service-worker-cdp.ts'
import { callCount, expectEventsHome, readEngineState } from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'

const BENCH = process.env.WORKER_STOPS_BENCH === '1'
/** The seeds `npm test` runs: each meets all four actions, and a stop within 100 ms of a reload. */
const TEST_SEEDS = [14, 31, 46]
const TEST_STOPS = 5
/** Stops in one round of the bench, each round a fresh holder on the next seed. */
const ROUND = 50

/** The rounds to run: seed and number of stops. */
function rounds(): { seed: number; stops: number }[] {
  if (!BENCH) return TEST_SEEDS.map((seed) => ({ seed, stops: TEST_STOPS }))
  const count = Number.parseInt(process.env.COUNT ?? '50', 10)
  const first = Number.parseInt(process.env.SEED ?? String(Date.now() % 100_000), 10)
  return Array.from({ length: Math.ceil(count / ROUND) }, (_, i) => ({
    seed: first + i,
    stops: Math.min(ROUND, count - i * ROUND),
  }))
}

const suite = browserSuite()

/** A small seeded generator (mulberry32), so a run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const tapUrl = (n: number) =>
  `${appUrl}/tap?uid=041E3C8A2D6B80&ctr=${n.toString(16).toUpperCase().padStart(6, '0')}&cmac=4B00064004B0B3D3`

interface EngineRecord {
  epoch: number
  userId: string | null
  events: number
  pendingTaps: number
}

async function record(page: Page): Promise<EngineRecord> {
  const state = await readEngineState(page)
  const session = state?.session as { userId: string } | null
  const events = state?.events as { events: unknown[] } | null
  const queue = state?.tapQueue as { taps: unknown[] } | undefined
  return {
    epoch: state?.epoch as number,
    userId: session?.userId ?? null,
    events: events?.events.length ?? 0,
    pendingTaps: queue?.taps.length ?? 0,
  }
}

/** How long a reload may take before it counts as left pending by the browser. */
const RELOAD_DEADLINE_MS = 15_000

const ACTIONS = ['refresh', 'tap', 'reload', 'idle'] as const

describe('worker stops at random moments', () => {
  for (const { seed, stops } of rounds()) {
    it(
      `never sign the holder out and lose nothing (seed ${seed}, ${stops} stops)`,
      async () => {
        const random = seeded(seed)
        // Said first, so a run that fails (or hangs) can be replayed with SEED.
        console.log(`worker stops: seed ${seed}`)
        const { page } = await suite.signedIn()
        const start = await record(page)
        const authBefore = await callCount('/sdk/v1/sessions/authenticate')
        const done: Record<(typeof ACTIONS)[number], number> = {
          refresh: 0,
          tap: 0,
          reload: 0,
          idle: 0,
        }
        let reloadsLeftPending = 0

        for (let i = 0; i < stops; i++) {
          const action = ACTIONS[Math.floor(random() * ACTIONS.length)] ?? 'idle'
          done[action] += 1
          console.log(`stop ${i + 1}: ${action}`)
          let reload: Promise<unknown> | undefined
          if (action === 'refresh') {
            await page.goto(appUrl + '/')
            await expectEventsHome(page)
            const refresh = page.getByRole('button', { name: 'Refresh' })
            if (await refresh.isEnabled()) await refresh.click()
          } else if (action === 'tap') {
            await page.goto(tapUrl(i + 1))
          } else if (action === 'reload') {
            // Not awaited: the stop may land while the reload is under way.
            reload = page.reload({ timeout: 0 })
            reload.catch(() => {})
          }
          // The moment of the stop, the test's input: from at once (mid-call) to after the call.
          await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 1500)))
          await stopAllWorkers(page)
          if (reload) {
            const settled = await within(reload, 'the reload', RELOAD_DEADLINE_MS).then(
              () => true,
              () => false,
            )
            if (!settled) {
              reloadsLeftPending += 1
              console.log(`stop ${i + 1}: the reload was left pending; the holder reloads again`)
              await page.goto(appUrl + '/')
              await expectEventsHome(page)
            }
          }
        }

        // A quiet moment, then the holder opens the list again.
        await page.goto(appUrl + '/')
        await expectEventsHome(page)
        await expect
          .poll(async () => (await record(page)).pendingTaps, {
            timeout: scaled(60_000),
            interval: 1000,
            message: 'taps settled after the last stop',
          })
          .toBe(0)
        const end = await record(page)
        const authCalls = (await callCount('/sdk/v1/sessions/authenticate')) - authBefore
        console.log(
          [
            `worker stops: ${stops} (seed ${seed}; ${Object.entries(done)
              .map(([name, count]) => `${count} ${name}`)
              .join(', ')})`,
            `false sign-outs: ${end.epoch === start.epoch && end.userId === start.userId ? 0 : 1}`,
            `list kept: ${end.events > 0 ? 'yes' : 'no'} (${end.events} events)`,
            `taps left pending: ${end.pendingTaps}`,
            `reloads the browser left pending (reloaded again): ${reloadsLeftPending}`,
            `provider re-authentications: ${authCalls}`,
          ].join('\n'),
        )
        // The same session throughout: a sign-out (even one followed by a sign-in) bumps the epoch.
        expect(end).toMatchObject({ epoch: start.epoch, userId: start.userId, pendingTaps: 0 })
        expect(end.events).toBe(start.events)
        expect(await page.getByRole('heading', { name: 'Your events', level: 1 }).count()).toBe(1)
      },
      scaled(120_000 + stops * 5_000),
    )
  }
})
