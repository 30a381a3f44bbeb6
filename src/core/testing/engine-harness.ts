/** Wires session engines to fakes (clock, backend, locks) and records what they broadcast, log and report. */
import { createMemoryLocks } from '../memory-locks.ts'
import { createMemoryStore } from '../memory-store.ts'
import type { KeyValueStore, Locks } from '../ports.ts'
import type { WorkerMessage } from '../protocol.ts'
import type { EngineConfig } from '../engine-config.ts'
import { createSessionEngine, type SessionEngine } from '../session-engine.ts'
import { createFakeBackend, type FakeBackend } from './fake-backend.ts'
import { createFakeClock, type FakeClock } from './fake-clock.ts'
import { createFakeIds } from './fake-ids.ts'
import { PRODUCTION_TIMING } from '../timing.ts'

/** The configuration every harness engine uses. */
export const HARNESS_CONFIG: EngineConfig = {
  providerUrl: 'http://provider.test/',
  publicToken: 'public-token-test-fake',
  cardsUrl: 'http://cards.test',
  appOrigin: 'https://app.test:8443',
  appHostname: 'app.test',
  userAgent: 'TestAgent/1.0',
  sdkVersion: '6.3.0',
  imageOrigins: ['https://img.example'],
  // Production's values: the engine's tests pin today's cadence, deadlines and backoff.
  timing: PRODUCTION_TIMING,
}

/** Engines over one shared store, lock and backend, with everything they emit recorded. */
export interface EngineHarness {
  clock: FakeClock
  backend: FakeBackend
  store: KeyValueStore
  locks: Locks
  /** The first engine (the worker). */
  engine: SessionEngine
  /**
   * A new engine over the same lock and backend, and the same store unless another connection to it is
   * given: a restarted worker, or another tab's page host.
   */
  spawn(store?: KeyValueStore): SessionEngine
  broadcasts: WorkerMessage[]
  logs: { level: string; message: string; details?: Record<string, unknown> }[]
  reports: { error: unknown; context: Record<string, string | number | boolean> }[]
  /** Jitter source: a fixed value unless replaced. */
  random: { value: number }
  /** Broadcast messages of one type. */
  sent<T extends WorkerMessage['type']>(type: T): Extract<WorkerMessage, { type: T }>[]
}

/** Options: bring your own store (e.g. the IndexedDB adapter) or clock. */
export interface HarnessOptions {
  store?: KeyValueStore
  clock?: FakeClock
}

/** Creates a harness; by default an in-memory store, a clock at 2025-01-01 and jitter 0. */
export function createEngineHarness(options: HarnessOptions = {}): EngineHarness {
  const clock = options.clock ?? createFakeClock()
  const store = options.store ?? createMemoryStore()
  const backend = createFakeBackend(clock, HARNESS_CONFIG.publicToken)
  const locks = createMemoryLocks()
  const broadcasts: WorkerMessage[] = []
  const logs: EngineHarness['logs'] = []
  const reports: EngineHarness['reports'] = []
  const random = { value: 0.5 }
  const newId = createFakeIds()
  const log =
    (level: string) =>
    (message: string, details?: Record<string, unknown>): void => {
      logs.push({ level, message, details })
    }

  function spawn(ownStore: KeyValueStore = store): SessionEngine {
    return createSessionEngine(
      {
        clock,
        random: () => random.value,
        newId,
        http: backend.http,
        store: ownStore,
        broadcast: (message) =>
          broadcasts.push(JSON.parse(JSON.stringify(message)) as WorkerMessage),
        locks,
        reporter: (error, context) => reports.push({ error, context }),
        logger: { info: log('info'), warn: log('warn'), error: log('error') },
      },
      HARNESS_CONFIG,
    )
  }

  return {
    clock,
    backend,
    store,
    locks,
    engine: spawn(),
    spawn,
    broadcasts,
    logs,
    reports,
    random,
    sent: (type) => broadcasts.filter((m) => m.type === type) as never,
  }
}
