/**
 * The session engine run in the page, for browsers where no service worker can run. Every tab
 * runs one; Web Locks and the shared IndexedDB state make them act as one host.
 */
import { createSessionEngine } from '../core/session-engine.ts'
import { createPlatformPorts } from '../platform/engine-ports.ts'
import { config } from '../config/env.ts'
import { createSessionClient, type SessionClient } from './session-client.ts'

/** A session client whose host is an engine in this page. */
export function createPageSessionClient(): SessionClient {
  return createSessionClient('page', (deliver) => {
    const ports = createPlatformPorts((error, context) =>
      console.error('[report]', error instanceof Error ? error.message : String(error), context),
    )
    const engine = createSessionEngine(
      {
        ...ports,
        // Other tabs hear it on the channel; this tab, which sent it, hears it here.
        broadcast: (message) => {
          ports.broadcast(message)
          deliver(message)
        },
      },
      {
        providerUrl: config.stytchApiUrl,
        publicToken: config.stytchPublicToken,
        cardsUrl: config.cardsApiUrl,
      },
    )
    return (message) => void engine.receive(message, deliver)
  })
}
