/**
 * The worker's error reporter. The worker has no error-reporting SDK, so it posts the report to
 * one open tab, which sends it: posted to one tab rather than broadcast, it is reported once.
 * Between two pages (sign-in leaves with a full page load) there may be no tab at all: the report
 * then waits for the next tab that speaks to the worker.
 */
import { toReportMessage, type ReportMessage } from '../src/core/protocol.ts'
import type { Reporter } from '../src/core/ports.ts'

/** Reports kept while no tab is open; the first ones, like the page's own early buffer. */
const MAX_WAITING = 20
const waiting: ReportMessage[] = []

/** Hands the reports that found no tab to `client`, a tab that just spoke to the worker. */
export function deliverWaitingReports(client: Client | null): void {
  if (!client || client.type !== 'window') return
  for (const message of waiting.splice(0)) client.postMessage(message)
}

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
    else if (waiting.length < MAX_WAITING) waiting.push(message)
  }
  send().catch((failure: unknown) => console.warn('[report] could not reach a tab', failure))
}
