/** All real adapters the session engine needs, for the worker host and the page host alike. */
import type { EnginePorts, Reporter } from '../core/ports'
import { createBroadcast } from './broadcast'
import { systemClock, systemNewId, systemRandom } from './clock'
import { createConsoleLogger } from './console-logger'
import { createFetchHttp } from './http'
import { createIdbStore } from './idb-store'
import { createLocks } from './locks'

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
