/** The cards API stand-in: `GET /api/poap-events` for the JWT's user, event images, and per-user overrides. */
import { join } from 'node:path'
import type { Clock } from '../clock.ts'
import type { CorsPolicy } from '../http/cors.ts'
import { startDevServer, type DevServer } from '../http/dev-server.ts'
import { header, json, type DevRequest, type Reply, type Route } from '../http/types.ts'
import { JsonFile } from '../store/json-file.ts'
import {
  DEMO_TEMPLATES,
  camelDemoEvents,
  mixedDemoEvents,
  nativeDemoEvents,
} from './demo-events.ts'
import { eventImagePng } from './event-image.ts'
import { eventShapeFor } from './event-shape.ts'
import { ACTIVE_STATUSES, type EventStatus } from './poap-event.ts'
import { sessionVerifier } from './session-verifier.ts'

/** Where and how to run the stand-in. */
export interface CardsServerOptions {
  providerUrl: string
  projectId: string
  dataDir: string
  host: string
  port: number
  cors: CorsPolicy
  clock: Clock
}

/** Per-user lists set through `PUT /_dev/events` (stored as given, so tests can serve bad shapes). */
interface CardsState {
  overrides: Record<string, unknown[]>
}

/** The file name of the stand-in's records inside the data folder. */
export const CARDS_FILE = 'cards.json'

function message(status: number, text: string, headers: Record<string, string> = {}): Reply {
  return json(status, { message: text }, headers)
}

/** The demo list for a user, in the shape their session's email asks for (see `event-shape.ts`). */
function demoList(
  userId: string,
  email: string | undefined,
  nowMs: number,
  imageBase: string,
): unknown[] {
  switch (eventShapeFor(email)) {
    case 'camel':
      return camelDemoEvents(userId, nowMs, imageBase)
    case 'mixed':
      return mixedDemoEvents(userId, nowMs, imageBase)
    case 'empty':
      return []
    case 'native':
      return nativeDemoEvents(nowMs, imageBase)
  }
}

function isActive(event: unknown): boolean {
  const status = (event as { status?: unknown } | null)?.status
  return ACTIVE_STATUSES.includes(status as EventStatus)
}

async function imageReply(req: DevRequest): Promise<Reply> {
  // Artwork exists for the demo events only, as PNG: any other name is a 404, as on POAP's host.
  const slug = req.params.file?.replace(/\.png$/, '') ?? ''
  const template = req.params.file?.endsWith('.png')
    ? DEMO_TEMPLATES.find((candidate) => candidate.slug === slug)
    : undefined
  if (!template) return message(404, 'No such image.')
  return {
    status: 200,
    headers: {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      'cross-origin-resource-policy': 'cross-origin',
    },
    body: await eventImagePng(template.slug, template.name),
  }
}

function overrideReply(store: JsonFile<CardsState>, req: DevRequest): Reply {
  let body: { userId?: unknown; events?: unknown }
  try {
    body = JSON.parse(req.body.toString('utf8')) as typeof body
  } catch {
    return json(400, { error: 'bad_events', reason: 'body is not valid JSON' })
  }
  if (typeof body?.userId !== 'string' || !body.userId) {
    return json(400, { error: 'bad_events', reason: 'userId must be a non-empty string' })
  }
  const { userId, events } = body
  if (events === null) {
    store.update((state) => delete state.overrides[userId])
    return json(200, { ok: true, userId, events: 'demo' })
  }
  if (!Array.isArray(events)) {
    return json(400, {
      error: 'bad_events',
      reason: 'events must be an array, or null for the demo set',
    })
  }
  store.update((state) => (state.overrides[userId] = events))
  return json(200, { ok: true, userId, count: events.length })
}

/** How many accepted JWTs `/_dev/bearers` remembers. */
const MAX_BEARERS = 50

/** Starts the stand-in. */
export async function startCardsServer(options: CardsServerOptions): Promise<DevServer> {
  const verify = sessionVerifier(options.providerUrl, options.projectId, options.clock)
  const store = new JsonFile<CardsState>(join(options.dataDir, CARDS_FILE), () => ({
    overrides: {},
  }))

  /**
   * The JWTs it accepted, newest last, with their user (at most `MAX_BEARERS`): a test reads the
   * one the worker holds in memory only from here (`GET /_dev/bearers`).
   */
  const bearers: { userId: string; jwt: string }[] = []

  async function listEvents(req: DevRequest): Promise<Reply> {
    const challenge = { 'www-authenticate': 'Bearer' }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')
    if (!match?.[1]) return message(401, 'Missing bearer token.', challenge)
    const verified = await verify(match[1])
    if (!verified.ok) return message(401, verified.message, challenge)
    bearers.push({ userId: verified.userId, jwt: match[1] })
    bearers.splice(0, Math.max(0, bearers.length - MAX_BEARERS))
    const activeOnly = req.query.get('isActive') ?? 'false'
    if (activeOnly !== 'true' && activeOnly !== 'false') {
      return message(400, 'isActive must be "true" or "false".')
    }
    const base = `http://${header(req, 'host') ?? 'localhost'}`
    const all =
      store.data.overrides[verified.userId] ??
      demoList(verified.userId, verified.email, options.clock.now(), base)
    // isActive=false: every event (the app groups them); isActive=true: the active group only.
    return json(200, { data: activeOnly === 'true' ? all.filter(isActive) : all })
  }

  const routes: Route[] = [
    { method: 'GET', pattern: '/api/poap-events', handler: listEvents },
    { method: 'GET', pattern: '/images/:file', handler: imageReply },
    { method: 'PUT', pattern: '/_dev/events', handler: (req) => overrideReply(store, req) },
    { method: 'GET', pattern: '/_dev/bearers', handler: () => json(200, { bearers }) },
  ]
  return startDevServer(
    {
      name: 'cards API',
      routes,
      cors: options.cors,
      errorBody: (status, errorType, text) => json(status, { message: text, error: errorType }),
    },
    options.host,
    options.port,
  )
}
