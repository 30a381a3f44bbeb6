/**
 * The browser stops an idle service worker whenever it likes, even mid-call. Over a signed-in
 * session this stops the worker at random moments — during refreshes, taps, reloads or nothing —
 * and proves the holder is never signed out by it, the list stays, and every tap is settled.
 *
 * `WORKER_STOPS` sets the count (CI runs a few; `npm run bench:worker-stops` runs 50 and prints
 * the figures). The moments come from a seeded generator, printed, so a failure can be replayed
 * with `WORKER_STOPS_SEED`.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { stopAllWorkers } from './support/service-worker-cdp.ts'
import { callCount, expectEventsHome, readEngineState } from './support/stack.ts'

const appUrl = inject('appUrl')
const STOPS = Number.parseInt(process.env.WORKER_STOPS ?? '6', 10)
const SEED = Number.parseInt(process.env.WORKER_STOPS_SEED ?? String(Date.now() % 100_000), 10)

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

const ACTIONS = ['refresh', 'tap', 'reload', 'idle'] as const

describe('worker stops at random moments', () => {
  it(`never sign the holder out and lose nothing (${STOPS} stops)`, async () => {
    const random = seeded(SEED)
    // Said first, so a run that fails (or hangs) can be replayed with WORKER_STOPS_SEED.
    console.log(`worker stops: seed ${SEED}`)
    const { page } = await suite.signedIn()
    const start = await record(page)
    const authBefore = await callCount('/sdk/v1/sessions/authenticate')
    const done: Record<(typeof ACTIONS)[number], number> = {
      refresh: 0,
      tap: 0,
      reload: 0,
      idle: 0,
    }

    for (let i = 0; i < STOPS; i++) {
      const action = ACTIONS[Math.floor(random() * ACTIONS.length)] ?? 'idle'
      done[action] += 1
      console.log(`stop ${i + 1}: ${action}`)
      if (action === 'refresh') {
        await page.goto(appUrl + '/')
        await expectEventsHome(page)
        const refresh = page.getByRole('button', { name: 'Refresh' })
        if (await refresh.isEnabled()) await refresh.click()
      } else if (action === 'tap') {
        await page.goto(tapUrl(i + 1))
      } else if (action === 'reload') {
        void page.reload().catch(() => {})
      }
      // Anywhere from at once (mid-call) to after the call is over.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 1500)))
      await stopAllWorkers(page)
    }

    // A quiet moment, then the holder opens the list again.
    await page.goto(appUrl + '/')
    await expectEventsHome(page)
    await expect
      .poll(async () => (await record(page)).pendingTaps, { timeout: 60_000, interval: 1000 })
      .toBe(0)
    const end = await record(page)
    const authCalls = (await callCount('/sdk/v1/sessions/authenticate')) - authBefore
    console.log(
      [
        `worker stops: ${STOPS} (seed ${SEED}; ${Object.entries(done)
          .map(([name, count]) => `${count} ${name}`)
          .join(', ')})`,
        `false sign-outs: ${end.epoch === start.epoch && end.userId === start.userId ? 0 : 1}`,
        `list kept: ${end.events > 0 ? 'yes' : 'no'} (${end.events} events)`,
        `taps left pending: ${end.pendingTaps}`,
        `provider re-authentications: ${authCalls}`,
      ].join('\n'),
    )
    // The same session throughout: a sign-out (even one followed by a sign-in) bumps the epoch.
    expect(end).toMatchObject({ epoch: start.epoch, userId: start.userId, pendingTaps: 0 })
    expect(end.events).toBe(start.events)
    expect(await page.getByRole('heading', { name: 'Your events', level: 1 }).count()).toBe(1)
  }, 600_000)
})
