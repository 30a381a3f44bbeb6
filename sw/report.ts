/**
 * The worker's error reporter. The worker has no error-reporting SDK, so it posts the report to
 * one open tab, which sends it: posted to one tab rather than broadcast, it is reported once.
 */
import { toReportMessage } from '../src/core/protocol.ts'
import type { Reporter } from '../src/core/ports.ts'

declare const self: ServiceWorkerGlobalScope

/** The tab to report through: the focused one, else a visible one, else any. */
function pickReportingClient(clients: readonly WindowClient[]): WindowClient | undefined {
  return (
    clients.find((client) => client.focused) ??
    clients.find((client) => client.visibilityState === 'visible') ??
    clients[0]
  )
}

/** Reports an engine failure through one tab; the context never carries a credential. */
export const reportFromWorker: Reporter = (error, context) => {
  const message = toReportMessage(error, context)
  const send = async () => {
    const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const client = pickReportingClient(clients)
    if (client) client.postMessage(message)
    else console.warn('[report] no open tab to report through:', message.message, context)
  }
  send().catch((failure: unknown) => console.warn('[report] could not reach a tab', failure))
}
