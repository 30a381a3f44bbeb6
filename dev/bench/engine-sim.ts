/**
 * THIS design: the real session engine (src/core) over the test harness's fake clock and fake provider,
 * driven by the messages tabs send. Two hosts, as shipped:
 * - `worker`: one engine in the service worker for all tabs; after every message it arms a timer for
 *   `nextWakeAt()` (sw/sw.ts `armWakeTimer`). Tabs heartbeating every 20 s keep the worker awake
 *   (Chromium stops it after ~30 s idle), so the timer is modelled as live.
 * - `page`: no service worker; every tab runs its own engine over the shared store and lock
 *   (src/session/page-session-host.ts), with no timer: only messages wake it.
 * Every tab sends `hello` when it loads (an engine's first `hello` counts as a page load) and a heartbeat
 * every heartbeat interval (production's) after that; all tabs stay visible (the most wakes). The session was handed
 * off 5 minutes before the hour by an earlier engine instance, so the hour starts with a fresh host.
 */
import { PRODUCTION_TIMING } from '../../src/core/timing.ts'
import { PROTOCOL_VERSION, TAB_MESSAGE, type TabMessage } from '../../src/core/protocol.ts'
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

const AUTH_PATH = '/sessions/authenticate'
const EVENTS_PATH = '/api/poap-events'
const SIGNED_IN_BEFORE_MS = 5 * MINUTE_MS
const USER = 'bench-user'

/** Runs one simulated hour of the engine with `tabs` tabs on `host`. */
export async function simulateEngine(
  tabs: number,
  host: EngineHost,
  scenario: Scenario,
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

  // Every tab's messages, grouped by the instant they are sent.
  const batches = new Map<number, { tab: number; message: TabMessage }[]>()
  const send = (at: number, tab: number, message: TabMessage) => {
    batches.set(at, [...(batches.get(at) ?? []), { tab, message }])
  }
  for (let tab = 0; tab < tabs; tab++) {
    const load = start + tabLoadOffset(tab)
    send(load, tab, { v: PROTOCOL_VERSION, type: TAB_MESSAGE.hello })
    const heartbeat = PRODUCTION_TIMING.heartbeatIntervalMs
    for (let at = load + heartbeat; at < end; at += heartbeat) {
      send(at, tab, { v: PROTOCOL_VERSION, type: TAB_MESSAGE.heartbeat })
    }
  }

  // The worker's wake timer (sw/sw.ts): re-armed after every message and after it fires.
  let timerAt: number | null = null
  const arm = async () => {
    if (host === 'worker') timerAt = await engines[0]!.nextWakeAt()
  }
  const fireTimerBefore = async (limit: number) => {
    while (timerAt !== null && timerAt < limit) {
      h.clock.set(Math.max(timerAt, h.clock.now()))
      await engines[0]!.wake('heartbeat')
      await arm()
      if (timerAt !== null && timerAt <= h.clock.now()) {
        throw new Error(
          `the engine's next wake did not move past ${new Date(timerAt).toISOString()}`,
        )
      }
    }
  }

  for (const at of [...batches.keys()].sort((a, b) => a - b)) {
    await fireTimerBefore(at)
    // Calls take fake time, so a batch may start a little after its instant; time never goes back.
    h.clock.set(Math.max(at, h.clock.now()))
    await Promise.all(
      batches.get(at)!.map(({ tab, message }) => engineOf(tab).receive(message, () => {})),
    )
    await arm()
  }
  await fireTimerBefore(end)

  const inHour = (req: RecordedRequest) => req.at >= start && req.at < end
  return {
    authCalls: h.backend
      .callsTo(AUTH_PATH)
      .filter(inHour)
      .map((req) => ({ at: req.at - start, ok: !failed.has(req) })),
    eventsFetches: h.backend.callsTo(EVENTS_PATH).filter(inHour).length,
    signOuts: h.sent('signout').length,
  }
}
