/** Faults on demand and call counters: the `/_dev/faults`, `/_dev/calls` and `/_dev/reset` controls. */

/** How a faulted call misbehaves. */
export type FaultMode = 'error' | 'hang' | 'malformed' | 'slow'

/** One armed fault: the next `count` calls of `route` misbehave this way. */
export interface Fault {
  route: string
  count: number
  mode: FaultMode
  status: number
  error_type: string | undefined
  delayMs: number
}

const MODES: readonly FaultMode[] = ['error', 'hang', 'malformed', 'slow']
const KEYS = new Set(['route', 'count', 'status', 'error_type', 'mode', 'delayMs'])
const DEFAULT_DELAY_MS = 2000
const MAX_DELAY_MS = 120_000

/** The control body was not a valid fault: `reason` says why. */
export class FaultSpecError extends Error {}

function isInteger(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

/** Validates a `POST /_dev/faults` body, throwing FaultSpecError with a readable reason. */
export function parseFault(body: unknown): Fault {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FaultSpecError('body must be a JSON object')
  }
  const spec = body as Record<string, unknown>
  const unknown = Object.keys(spec).filter((key) => !KEYS.has(key))
  if (unknown.length) throw new FaultSpecError(`unknown field(s): ${unknown.join(', ')}`)
  if (typeof spec.route !== 'string' || !spec.route.startsWith('/')) {
    throw new FaultSpecError('route must be a path starting with "/", e.g. "/api/poap-events"')
  }
  if (spec.route.startsWith('/_dev/')) throw new FaultSpecError('/_dev/ routes cannot be faulted')
  if (!MODES.includes(spec.mode as FaultMode)) {
    throw new FaultSpecError(`mode must be one of ${MODES.join(', ')}`)
  }
  if (spec.count !== undefined && !isInteger(spec.count, 1, 10_000)) {
    throw new FaultSpecError('count must be an integer from 1 to 10000')
  }
  if (spec.status !== undefined && !isInteger(spec.status, 400, 599)) {
    throw new FaultSpecError('status must be an integer from 400 to 599')
  }
  if (spec.error_type !== undefined && typeof spec.error_type !== 'string') {
    throw new FaultSpecError('error_type must be a string')
  }
  if (spec.delayMs !== undefined && !isInteger(spec.delayMs, 0, MAX_DELAY_MS)) {
    throw new FaultSpecError(`delayMs must be an integer from 0 to ${MAX_DELAY_MS}`)
  }
  return {
    route: normaliseRoute(spec.route),
    count: spec.count ?? 1,
    mode: spec.mode as FaultMode,
    status: spec.status ?? 500,
    error_type: spec.error_type,
    delayMs: spec.delayMs ?? DEFAULT_DELAY_MS,
  }
}

function normaliseRoute(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** Armed faults and per-route call counts of one server (in memory: a restart clears them). */
export class FaultBoard {
  private faults: Fault[] = []
  private calls = new Map<string, number>()

  /** Arms a fault (after any already armed for the same route). */
  arm(fault: Fault): void {
    this.faults.push({ ...fault })
  }

  /** Counts a call of `path` and returns the fault it must suffer, if one is armed. */
  take(path: string): Fault | undefined {
    const route = normaliseRoute(path)
    this.calls.set(route, (this.calls.get(route) ?? 0) + 1)
    const index = this.faults.findIndex((fault) => fault.route === route)
    if (index < 0) return undefined
    const fault = this.faults[index] as Fault
    fault.count -= 1
    if (fault.count <= 0) this.faults.splice(index, 1)
    return { ...fault }
  }

  /** Faults still armed. */
  pending(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }))
  }

  /** Call counts per route. */
  counts(): Record<string, number> {
    return Object.fromEntries(this.calls)
  }

  /** Clears faults and counters. */
  reset(): void {
    this.faults = []
    this.calls.clear()
  }
}
