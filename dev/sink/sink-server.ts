/** The error-report sink: takes Sentry envelopes for DSN `http://public@host:port/1` and lists them. */
import { gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import type { CorsPolicy } from '../http/cors.ts'
import { startDevServer, type DevServer } from '../http/dev-server.ts'
import { header, json, type DevRequest, type Reply, type Route } from '../http/types.ts'
import { JsonFile } from '../store/json-file.ts'
import { parseEnvelope } from './envelope.ts'
import { BadSecurityReport, parseSecurityReport } from './security-report.ts'

/** One received envelope: when, its headers, its items, and the raw body (to grep for leaks). */
export interface Report {
  receivedAt: string
  headers: Record<string, unknown>
  items: { type: string; payload: unknown }[]
  raw: string
}

/** Where and how to run the sink. */
export interface SinkServerOptions {
  dataDir: string
  host: string
  port: number
  cors: CorsPolicy
}

/** The file name of the sink's reports inside the data folder. */
export const SINK_FILE = 'sink.json'
const KEEP_REPORTS = 200

/** Keeps `report`, the newest `KEEP_REPORTS` only. */
function keep(store: JsonFile<{ reports: Report[] }>, report: Report): void {
  store.update((state) => {
    state.reports.push(report)
    if (state.reports.length > KEEP_REPORTS)
      state.reports.splice(0, state.reports.length - KEEP_REPORTS)
  })
}

function receive(store: JsonFile<{ reports: Report[] }>, req: DevRequest): Reply {
  let body = req.body
  if (header(req, 'content-encoding') === 'gzip') {
    try {
      body = gunzipSync(body)
    } catch {
      return json(400, { error: 'bad_envelope', reason: 'gzip body could not be read' })
    }
  }
  let report: Report
  try {
    const envelope = parseEnvelope(body)
    report = {
      receivedAt: new Date().toISOString(),
      headers: envelope.headers,
      items: envelope.items.map(({ type, payload }) => ({ type, payload })),
      raw: body.toString('utf8'),
    }
  } catch (error) {
    return json(400, { error: 'bad_envelope', reason: (error as Error).message })
  }
  keep(store, report)
  const eventId = report.headers.event_id
  return json(200, typeof eventId === 'string' ? { id: eventId } : {})
}

/** The sink's one project and its key, as its DSN names them (`http://public@host:port/1`). */
export const SINK_PROJECT = { id: '1', key: 'public' } as const

/**
 * A browser's security report (a policy violation), as Sentry's security endpoint takes it: the
 * project's key in the query, one or more violations in the body. Kept beside the envelopes, as
 * items of type `security`.
 */
function receiveSecurity(store: JsonFile<{ reports: Report[] }>, req: DevRequest): Reply {
  if (
    req.params.projectId !== SINK_PROJECT.id ||
    req.query.get('sentry_key') !== SINK_PROJECT.key
  ) {
    return json(403, { detail: 'unknown project or key' })
  }
  let violations
  try {
    violations = parseSecurityReport(header(req, 'content-type') ?? '', req.body)
  } catch (error) {
    if (!(error instanceof BadSecurityReport)) throw error
    return json(400, { detail: error.message })
  }
  const report: Report = {
    receivedAt: new Date().toISOString(),
    headers: {},
    items: violations.map((payload) => ({ type: 'security', payload })),
    raw: req.body.toString('utf8'),
  }
  keep(store, report)
  return json(201, {})
}

/** Starts the sink. */
export async function startSinkServer(options: SinkServerOptions): Promise<DevServer> {
  const store = new JsonFile<{ reports: Report[] }>(join(options.dataDir, SINK_FILE), () => ({
    reports: [],
  }))
  const routes: Route[] = [
    { method: 'POST', pattern: '/api/:projectId/envelope', handler: (req) => receive(store, req) },
    {
      method: 'POST',
      pattern: '/api/:projectId/security',
      handler: (req) => receiveSecurity(store, req),
    },
    { method: 'GET', pattern: '/_dev/reports', handler: () => json(200, store.data) },
    {
      method: 'DELETE',
      pattern: '/_dev/reports',
      handler: () => {
        store.replace({ reports: [] })
        return json(200, { ok: true })
      },
    },
  ]
  return startDevServer(
    {
      name: 'error-report sink',
      routes,
      cors: options.cors,
      errorBody: (status, errorType, text) => json(status, { error: errorType, detail: text }),
    },
    options.host,
    options.port,
  )
}
