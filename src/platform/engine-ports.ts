/** All real adapters the session engine needs, for the worker host and the page host alike. */
import type { EnginePorts, Reporter } from '../core/ports.ts'
import { createBroadcast } from './broadcast.ts'
import { systemClock, systemNewId, systemRandom } from './clock.ts'
import { createConsoleLogger } from './console-logger.ts'
import { createFetchHttp } from './http.ts'
import { createIdbStore } from './idb-store.ts'
import { createLocks } from './locks.ts'

/** Builds the engine's ports from the platform; only the error reporter differs between hosts. */
export function createPlatformPorts(reporter: Reporter): EnginePorts {
  return {
    clock: systemClock,
    random: systemRandom,
    newId: systemNewId,
    http: createFetchHttp(),
    store: createIdbStore(),
    broadcast: createBroadcast(),
    locks: createLocks(),
    reporter,
    logger: createConsoleLogger(),
  }
}
