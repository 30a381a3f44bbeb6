/**
 * The session engine run in the page, for browsers where no service worker can run. Every tab
 * runs one; Web Locks and the shared IndexedDB state make them act as one host.
 */
import { createSessionEngine } from '../core/session-engine.ts'
import { createPlatformPorts } from '../platform/engine-ports.ts'
import { config } from '../config/env.ts'
import { timing } from '../config/timing.ts'
import { engineConfig } from '../config/engine-config.ts'
import { reportError } from '../shared/error-reporting.ts'
import { createSessionClient, type SessionClient } from './session-client.ts'

/** A session client whose host is an engine in this page. */
export function createPageSessionClient(): SessionClient {
  return createSessionClient('page', (deliver) => {
    // Each tab's engine reports what it ran itself (one call at a time over all tabs), so a
    // failure is reported once.
    const ports = createPlatformPorts(reportError)
    // The engine's broadcasts reach this tab too (the client listens on its own channel
    // object), so only direct replies such as the hello snapshot go through `deliver`.
    const engine = createSessionEngine(
      ports,
      engineConfig(config, timing, { location: window.location, userAgent: navigator.userAgent }),
    )
    return (message) => void engine.receive(message, deliver)
  })
}
