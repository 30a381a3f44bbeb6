/** The error-report sink: takes Sentry envelopes for DSN `http://public@host:port/1` and lists them. */
import { gunzipSync } from 'node:zlib'
import { join } from 'node:path'
import type { CorsPolicy } from '../http/cors.ts'
import { startDevServer, type DevServer } from '../http/dev-server.ts'
import { header, json, type DevRequest, type Reply, type Route } from '../http/types.ts'
import { JsonFile } from '../store/json-file.ts'
import { parseEnvelope } from './envelope.ts'

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
  store.update((state) => {
    state.reports.push(report)
    if (state.reports.length > KEEP_REPORTS)
      state.reports.splice(0, state.reports.length - KEEP_REPORTS)
  })
  const eventId = report.headers.event_id
  return json(200, typeof eventId === 'string' ? { id: eventId } : {})
}

/** Starts the sink. */
export async function startSinkServer(options: SinkServerOptions): Promise<DevServer> {
  const store = new JsonFile<{ reports: Report[] }>(join(options.dataDir, SINK_FILE), () => ({
    reports: [],
  }))
  const routes: Route[] = [
    { method: 'POST', pattern: '/api/:projectId/envelope', handler: (req) => receive(store, req) },
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
