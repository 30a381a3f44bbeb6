/**
 * THIS design: the real session engine (src/core) over the test harness's fake clock and fake provider,
 * driven by the messages tabs send. Two hosts, as shipped:
 * - `worker`: one engine in the service worker for all tabs; after every event it arms a timer for
 *   `nextWakeAt()` (sw/sw.ts `armWakeTimer`), which fires only while the worker is awake: the
 *   browser stops it `WORKER_IDLE_STOP_MS` after its last event.
 * - `page`: no service worker; every tab runs its own engine over the shared store and lock
 *   (src/session/page-session-host.ts), with no timer: only messages wake it.
 * Every tab sends `hello` when it loads (an engine's first `hello` counts as a page load). Then, as
 * `wakes` says:
 * - `named`: the tabs wake the host at the time its status names (`wakeAt`, plus the slack), one
 *   tab of all (the Web Lock in src/session/wake-timer.ts), again after the retry time while the
 *   host names no new time;
 * - `heartbeat-20s`: as before issue 25, every tab sends a heartbeat every 20 s.
 * All tabs stay visible (the most wakes). The session was handed off 5 minutes before the hour by
 * an earlier engine instance, so the hour starts with a fresh host.
 */
import { PRODUCTION_TIMING } from '../../src/core/timing.ts'
import { PROTOCOL_VERSION, TAB_MESSAGE } from '../../src/core/protocol.ts'
import { type TabMessage } from '../../src/core/tab-messages.ts'
import type { SessionEngine } from '../../src/core/session-engine.ts'
import { createEngineHarness } from '../../src/core/testing/engine-harness.ts'
import { rawEvent, type RecordedRequest } from '../../src/core/testing/fake-backend.ts'
import {
  HOUR_MS,
  JITTER_SEED,
  MINUTE_MS,
  PROVIDER_LATENCY_MS,
  providerDown,
  seededRandom,
  tabLoadOffset,
  type HourCounts,
  type Scenario,
} from './scenario.ts'

export type EngineHost = 'worker' | 'page'

/** How visible tabs wake the host: at the time it names, or with a heartbeat every 20 s (before). */
export type TabWakes = 'named' | 'heartbeat-20s'

/** The heartbeat interval tabs used before they woke the host at its named time. */
const OLD_HEARTBEAT_MS = 20_000

/** How long after its last event the browser stops an idle service worker (Chromium: about 30 s). */
export const WORKER_IDLE_STOP_MS = 30_000

const AUTH_PATH = '/sessions/authenticate'
const EVENTS_PATH = '/api/poap-events'
const SIGNED_IN_BEFORE_MS = 5 * MINUTE_MS
const USER = 'bench-user'
/** More events than any hour has (heartbeats every 20 s from 10 tabs: 1,800). */
const MAX_EVENTS = 10_000

/** Runs one simulated hour of the engine with `tabs` tabs on `host`. */
export async function simulateEngine(
  tabs: number,
  host: EngineHost,
  scenario: Scenario,
  wakes: TabWakes = 'named',
): Promise<HourCounts> {
  const h = createEngineHarness()
  h.backend.eventsByUser.set(USER, [rawEvent(1, 'active'), rawEvent(2, 'expired')])
  await h.engine.handoff(h.backend.signIn(USER))
  const start = h.clock.now() + SIGNED_IN_BEFORE_MS
  const end = start + HOUR_MS

  const jitter = seededRandom(JITTER_SEED)
  const failed = new Set<RecordedRequest>()
  h.backend.onAnswer = (req) => {
    if (!new URL(req.url).pathname.endsWith(AUTH_PATH)) return
    h.clock.advance(PROVIDER_LATENCY_MS)
    // The engine draws its backoff jitter after the answer: one seeded draw per call.
    h.random.value = jitter()
    const down = providerDown(scenario, h.clock.now() - start)
    h.backend.authenticateOutage = down ? { fail: 'network' } : null
    if (down) failed.add(req)
  }

  h.clock.set(start)
  const engines: SessionEngine[] =
    host === 'worker' ? [h.spawn()] : Array.from({ length: tabs }, () => h.spawn())
  const engineOf = (tab: number): SessionEngine => engines[host === 'worker' ? 0 : tab]!
  const hello: TabMessage = { v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello }
  const heartbeat: TabMessage = { v: PROTOCOL_VERSION, type: TAB_MESSAGE.heartbeat }

  // What the counts say: schedule wakes (heartbeats and the worker's own timer), and how often
  // the browser had to start the worker (an event after it had stopped).
  let scheduleWakes = 0
  let workerStarts = 0
  let lastEventAt = -Infinity
  const inHour = (at: number) => at >= start && at < end
  const handled = (at: number, wake: boolean) => {
    if (!inHour(at)) return
    if (wake) scheduleWakes += 1
    if (host === 'worker' && at > lastEventAt + WORKER_IDLE_STOP_MS) workerStarts += 1
  }

  // The worker's wake timer (sw/sw.ts): re-armed after every event; it dies with the worker.
  let workerTimerAt: number | null = null
  // What the tabs last heard the host name, and when the waking tab's timer fires next.
  let heardWakeAt: number | null = null
  let tabsTimerAt: number | null = null
  const loads = Array.from({ length: tabs }, (_, tab) => start + tabLoadOffset(tab))
  let loaded = 0
  const heartbeatAt = Array.from({ length: tabs }, () => Infinity)

  const afterEvent = async () => {
    lastEventAt = h.clock.now()
    if (host === 'worker') workerTimerAt = await engines[0]!.nextWakeAt()
    if (wakes !== 'named') return
    const named = h.sent('status').at(-1)?.wakeAt ?? heardWakeAt
    if (named !== heardWakeAt) {
      heardWakeAt = named
      tabsTimerAt = named === null ? null : named + PRODUCTION_TIMING.wakeSlackMs
    }
  }
  const at = (time: number) => h.clock.set(Math.max(time, h.clock.now()))

  let events = 0
  for (;;) {
    const workerTimer =
      workerTimerAt !== null && workerTimerAt <= lastEventAt + WORKER_IDLE_STOP_MS
        ? Math.max(workerTimerAt, h.clock.now())
        : Infinity
    const nextLoad = loaded < tabs ? loads[loaded]! : Infinity
    const tabsTimer: number = loaded > 0 && tabsTimerAt !== null ? tabsTimerAt : Infinity
    const nextHeartbeat = Math.min(...heartbeatAt)
    const next = Math.min(workerTimer, nextLoad, tabsTimer, nextHeartbeat)
    if (next >= end) break
    if (++events > MAX_EVENTS) {
      throw new Error(`more than ${MAX_EVENTS} events in the hour: a wake time that never moves`)
    }
    at(next)
    if (next === nextLoad) {
      const tab = loaded++
      handled(h.clock.now(), false)
      await engineOf(tab).receive(hello, () => {})
      if (wakes === 'heartbeat-20s') heartbeatAt[tab] = next + OLD_HEARTBEAT_MS
    } else if (next === nextHeartbeat) {
      const tab = heartbeatAt.indexOf(next)
      heartbeatAt[tab] = next + OLD_HEARTBEAT_MS
      handled(h.clock.now(), true)
      await engineOf(tab).receive(heartbeat, () => {})
    } else if (next === tabsTimer) {
      // One tab holds the lock and wakes the host; it looks again after the retry time.
      tabsTimerAt = next + PRODUCTION_TIMING.wakeRetryMs
      handled(h.clock.now(), true)
      await engineOf(0).receive(heartbeat, () => {})
    } else {
      handled(h.clock.now(), true)
      await engines[0]!.wake('heartbeat')
    }
    await afterEvent()
  }

  const callInHour = (req: RecordedRequest) => inHour(req.at)
  return {
    authCalls: h.backend
      .callsTo(AUTH_PATH)
      .filter(callInHour)
      .map((req) => ({ at: req.at - start, ok: !failed.has(req) })),
    eventsFetches: h.backend.callsTo(EVENTS_PATH).filter(callInHour).length,
    signOuts: h.sent('signout').length,
    wakes: scheduleWakes,
    workerStarts: host === 'worker' ? workerStarts : null,
  }
}
