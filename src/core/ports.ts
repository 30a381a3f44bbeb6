/** The side effects the session engine needs, as interfaces the hosts implement (real adapters or fakes). */
import type { KnownSecrets } from './known-secrets.ts'
import type { WorkerMessage } from './protocol.ts'

/** Source of the current time. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

/** A number in [0, 1), like Math.random. */
export type Random = () => number

/** A fresh random UUID v4 (lowercase, hyphenated), like crypto.randomUUID. */
export type NewId = () => string

/** One HTTP request. */
export interface HttpRequest {
  url: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  headers: Record<string, string>
  body?: string
  /** Abort after this long (the call then rejects). */
  timeoutMs?: number
  /** Requests sharing a key are aborted together by `abort(key)`. */
  abortKey?: string
  /**
   * Longest body accepted, in UTF-8 bytes: a longer one rejects the call with BodyTooLargeError,
   * at once when its Content-Length says so, else as soon as that many bytes have been read.
   */
  maxBodyBytes?: number
}

/** An HTTP answer of any status. */
export interface HttpResponse {
  status: number
  contentType: string | null
  text(): Promise<string>
}

/** HTTP client: `request` rejects on network error, timeout or abort, and resolves for any status. */
export interface Http {
  request(req: HttpRequest): Promise<HttpResponse>
  /** Aborts every in-flight request made with this key. */
  abort(abortKey: string): void
}

/** Persistent key-value storage of JSON-safe values. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>
  /**
   * Reads and writes one key atomically (one transaction): `fn` runs exactly once with the
   * current value, and its result is stored; when it returns `undefined`, nothing is written.
   */
  update<T>(key: string, fn: (current: T | undefined) => T | undefined): Promise<void>
}

/** Sends a message to every tab. */
export type Broadcast = (message: WorkerMessage) => void

/** Runs `fn` while holding the named exclusive lock (Web Locks where they exist). */
export interface Locks {
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>
}

/** Reports an error to the error-reporting service; `context` never holds a credential. */
export type Reporter = (error: unknown, context: Record<string, string | number | boolean>) => void

/** Console-like logging; messages and details never hold a credential. */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

/** Everything the engine needs from its host. */
export interface EnginePorts {
  clock: Clock
  random: Random
  /** Ids for the telemetry the provider SDK sends with every call. */
  newId: NewId
  http: Http
  store: KeyValueStore
  broadcast: Broadcast
  locks: Locks
  reporter: Reporter
  logger: Logger
  /**
   * Where the engine notes the secrets its record holds (token, JWT, holder, taps), so the host
   * can scrub its own reports of them too; the engine scrubs its reports either way.
   */
  secrets?: KnownSecrets
}
