/** The small request/reply model shared by the three local servers: handlers are plain functions. */
import type { IncomingHttpHeaders } from 'node:http'

/** A parsed incoming request as handlers see it (body already read). */
export interface DevRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
  params: Record<string, string>
}

/** What a handler answers; the server adds CORS headers. */
export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: string | Buffer
}

/** A route handler. */
export type Handler = (req: DevRequest) => Reply | Promise<Reply>

/** One entry of a server's route table; `pattern` segments starting with `:` are parameters. */
export interface Route {
  method: string
  pattern: string
  handler: Handler
}

/** How a server words its own errors (provider shape, `{message}`, ...). */
export type ErrorBody = (status: number, errorType: string, message: string) => Reply

/** A JSON reply. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  }
}

/** Reads a header that may arrive repeated as a single string. */
export function header(req: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}
