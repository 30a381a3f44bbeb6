/**
 * The worker's error reporter. The worker has no error-reporting SDK, so it posts each report to
 * one open tab, which reports it and says so: posted to one tab rather than broadcast, it is
 * reported once. Only a tab that has spoken to the worker is known to listen (a page still
 * loading would drop the message); a report waits while there is none (between two pages: sign-in
 * leaves with a full page load), and one whose tab went away without a word goes to the next.
 */
import { TAB_MESSAGE, type ReportMessage } from '../src/core/protocol.ts'
import { type TabMessage } from '../src/core/tab-messages.ts'
import { toReportMessage } from '../src/core/report-message.ts'
import type { Reporter } from '../src/core/ports.ts'
import { createKnownSecrets } from '../src/core/known-secrets.ts'
import { reportingWithoutSecrets } from '../src/core/reporting-without-secrets.ts'

declare const self: ServiceWorkerGlobalScope

/** Reports kept until a tab has taken them; the first ones, like the page's own early buffer. */
const MAX_OUTSTANDING = 20

/** A report no tab has taken yet, and the tab it was last posted to. */
interface Outstanding {
  message: ReportMessage
  postedTo: string | null
}

const outstanding = new Map<string, Outstanding>()

/** Ids of the tabs that have spoken to this worker: their listeners are in place. */
const listening = new Set<string>()

/** The tab to report through: the focused one, else a visible one, else any. */
function pickReportingClient(clients: readonly WindowClient[]): WindowClient | undefined {
  return (
    clients.find((client) => client.focused) ??
    clients.find((client) => client.visibilityState === 'visible') ??
    clients[0]
  )
}

/** Posts each outstanding report that is not with a live tab to a tab known to listen. */
async function deliver(): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const live = new Set(clients.map(({ id }) => id))
  for (const id of listening) if (!live.has(id)) listening.delete(id)
  const client = pickReportingClient(clients.filter(({ id }) => listening.has(id)))
  if (!client) return
  for (const report of outstanding.values()) {
    // Still with a live tab, which will say when it has it.
    if (report.postedTo !== null && live.has(report.postedTo)) continue
    report.postedTo = client.id
    client.postMessage(report.message)
  }
}

const deliverSoon = () => {
  deliver().catch((failure: unknown) => console.warn('[report] could not reach a tab', failure))
}

/** Notes a tab's message: the tab listens, and a report it took is done; then delivers. */
export function tabSpoke(client: Client | null, message: TabMessage): void {
  if (!client || client.type !== 'window') return
  listening.add(client.id)
  if (message.type === TAB_MESSAGE.reportReceived) outstanding.delete(message.id)
  if (outstanding.size > 0) deliverSoon()
}

/**
 * The secrets this worker knows: the engine notes its record's (token, JWT, holder, taps) here,
 * so every report this worker posts, the engine's and its own uncaught errors alike, leaves
 * without them.
 */
export const workerSecrets = createKnownSecrets()

/**
 * Reports an engine failure through one tab. Scrubbed before it is posted, of the known values
 * then by pattern (the tab scrubs again, but a tab never needs to see a credential).
 */
export const reportFromWorker: Reporter = reportingWithoutSecrets((error, context) => {
  if (outstanding.size >= MAX_OUTSTANDING) return
  const message = toReportMessage(error, context, crypto.randomUUID())
  outstanding.set(message.id, { message, postedTo: null })
  deliverSoon()
}, workerSecrets)
