/** One local HTTP server: routing, CORS, faults and counters, body reading, listen and close. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { corsHeaders, preflightHeaders, type CorsPolicy } from './cors.ts'
import { FaultBoard, FaultSpecError, parseFault, type Fault } from './faults.ts'
import { matchRoute } from './router.ts'
import { json, type DevRequest, type ErrorBody, type Reply, type Route } from './types.ts'

/** A request body the modelled APIs take: the real services refuse large ones. */
const MAX_BODY_BYTES = 1_000_000
/**
 * The `/_dev/` controls only, never an API route: room for a long event list put through the
 * cards stand-in's `/_dev/events` (bench:long-list serves 5,000 entries and an answer over the
 * app's 2 MB limit).
 */
const MAX_DEV_CONTROL_BODY_BYTES = 16_000_000

/** What a server needs to know: its name (for messages), routes, CORS policy and error wording. */
export interface DevServerOptions {
  name: string
  routes: readonly Route[]
  cors: CorsPolicy
  errorBody: ErrorBody
  /** Clears the server's own counters too on `POST /_dev/reset` (e.g. the provider's send limits). */
  onReset?: () => void
}

/** A running server. */
export interface DevServer {
  url: string
  faults: FaultBoard
  close(): Promise<void>
}

/** The port was taken: carries a message that says what to do. */
export class PortInUseError extends Error {}

class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLargeError()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function send(res: ServerResponse, reply: Reply, cors: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(reply.status, { 'cache-control': 'no-store', ...cors, ...reply.headers })
  res.end(reply.body ?? '')
}

/** Whether the server answers its routes, or drops every connection as an unreachable host does. */
interface NetworkSwitch {
  up: boolean
}

/** Reads a `POST /_dev/network` body: `{"up": true}` or `{"up": false}`. */
export function parseNetworkSwitch(body: Buffer): NetworkSwitch | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'))
    if (typeof value !== 'object' || value === null) return undefined
    const up = (value as Record<string, unknown>).up
    return typeof up === 'boolean' && Object.keys(value).length === 1 ? { up } : undefined
  } catch {
    return undefined
  }
}

function controlReply(
  board: FaultBoard,
  network: NetworkSwitch,
  req: DevRequest,
  onReset: (() => void) | undefined,
): Reply | undefined {
  const control = `${req.method} ${req.path.replace(/\/$/, '')}`
  switch (control) {
    case 'POST /_dev/network': {
      const next = parseNetworkSwitch(req.body)
      if (!next) return json(400, { error: 'bad_network', reason: 'body must be {"up": boolean}' })
      network.up = next.up
      return json(200, { ok: true, up: network.up })
    }
    case 'GET /_dev/calls':
      return json(200, { calls: board.counts() })
    case 'GET /_dev/faults':
      return json(200, { faults: board.pending() })
    case 'POST /_dev/reset':
      board.reset()
      network.up = true
      onReset?.()
      return json(200, { ok: true })
    case 'POST /_dev/faults': {
      let fault: Fault
      try {
        fault = parseFault(req.body.length ? JSON.parse(req.body.toString('utf8')) : undefined)
      } catch (error) {
        const reason = error instanceof FaultSpecError ? error.message : 'body is not valid JSON'
        return json(400, { error: 'bad_fault', reason })
      }
      board.arm(fault)
      return json(200, { ok: true, faults: board.pending() })
    }
    default:
      return undefined
  }
}

function faultReply(fault: Fault, errorBody: ErrorBody): Reply {
  if (fault.mode === 'malformed') {
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"data": {"truncated": ',
    }
  }
  return errorBody(fault.status, fault.error_type ?? 'internal_server_error', 'Injected fault')
}

/** Starts a server on `host:port` (0 = any free port); rejects with PortInUseError when taken. */
export async function startDevServer(
  options: DevServerOptions,
  host: string,
  port: number,
): Promise<DevServer> {
  const board = new FaultBoard()
  const network: NetworkSwitch = { up: true }
  const { routes, errorBody } = options

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stack.invalid')
    const method = req.method ?? 'GET'
    // A phone without a network: the connection fails before any answer (the controls still work).
    if (!network.up && !url.pathname.startsWith('/_dev/')) {
      req.socket.destroy()
      return
    }
    if (method === 'OPTIONS') {
      send(res, { status: 204 }, preflightHeaders(options.cors, req.headers))
      return
    }
    const cors = corsHeaders(options.cors, req.headers)
    let body: Buffer
    try {
      body = await readBody(
        req,
        url.pathname.startsWith('/_dev/') ? MAX_DEV_CONTROL_BODY_BYTES : MAX_BODY_BYTES,
      )
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      send(res, errorBody(413, 'request_too_large', 'Request body is too large.'), cors)
      return
    }
    const request: DevRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      params: {},
    }
    if (url.pathname.startsWith('/_dev/')) {
      const reply = controlReply(board, network, request, options.onReset)
      if (reply) return send(res, reply, cors)
    } else {
      const fault = board.take(url.pathname)
      if (fault?.mode === 'hang') return // never answered; close() drops the socket
      if (fault?.mode === 'slow') await sleep(fault.delayMs)
      if (fault && fault.mode !== 'slow') return send(res, faultReply(fault, errorBody), cors)
    }
    const match = matchRoute(routes, method, url.pathname)
    if (match.kind === 'none') {
      return send(res, errorBody(404, 'route_not_found', `No route for ${url.pathname}.`), cors)
    }
    if (match.kind === 'wrong-method') {
      return send(res, errorBody(405, 'method_not_allowed', `${method} is not allowed here.`), cors)
    }
    request.params = match.params
    send(res, await match.route.handler(request), cors)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[${options.name}] ${req.method} ${req.url} failed:`, error)
      send(res, errorBody(500, 'internal_server_error', 'The local stack failed.'), {
        ...corsHeaders(options.cors, req.headers),
      })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new PortInUseError(
            `${options.name}: port ${port} on ${host} is already in use. ` +
              'Stop the other process or choose another port (see dev/stack.ts for the variables).',
          ),
        )
      } else {
        reject(error)
      }
    })
    server.listen(port, host, () => resolve())
  })

  const address = server.address() as AddressInfo
  const wildcard = host === '0.0.0.0' || host === '::'
  const urlHost = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${address.port}`,
    faults: board,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
