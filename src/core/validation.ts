/** Small shape checks for data from the network, storage or another context; each failure names its path. */

/** A value did not have the expected shape; `path` says where. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError'
  /** Where in the value the mismatch was, e.g. `data[2].status`. */
  readonly path: string

  constructor(path: string, expected: string) {
    super(`${path}: expected ${expected}`)
    this.path = path
  }
}

/** Whether a value is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value as an object, or a ValidationError. */
export function expectRecord(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ValidationError(path, 'an object')
  return value
}

/**
 * The value as a dense copy of the array, or a ValidationError. A hole (`[, 'a']`, which
 * `structuredClone`, `postMessage` and IndexedDB keep) reads as `undefined`, so the reader of each
 * item refuses it, where `.map` would skip it and leave the hole in what it returns.
 */
export function expectArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ValidationError(path, 'an array')
  return Array.from(value)
}

/**
 * The items of a list read tolerantly, item by item: a dense copy of the array (a hole reads as
 * `undefined`, which no item reader accepts), or no items when the value is not an array.
 */
export function itemsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? Array.from(value) : []
}

/** The value as a string (non-empty unless `allowEmpty`), or a ValidationError. */
export function expectString(value: unknown, path: string, allowEmpty = false): string {
  if (typeof value !== 'string' || (!allowEmpty && value === '')) {
    throw new ValidationError(path, allowEmpty ? 'a string' : 'a non-empty string')
  }
  return value
}

/** A string, or null when the value is null or absent; anything else is a ValidationError. */
export function expectOptionalString(value: unknown, path: string): string | null {
  if (value === undefined || value === null) return null
  return expectString(value, path, true)
}

/** The value as a finite number, or a ValidationError. */
export function expectNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ValidationError(path, 'a finite number')
  }
  return value
}

/** The value as a whole number ≥ 0, or a ValidationError. */
export function expectCount(value: unknown, path: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new ValidationError(path, 'a whole number ≥ 0')
  }
  return value as number
}

/** The value as a boolean, or a ValidationError. */
export function expectBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new ValidationError(path, 'a boolean')
  return value
}

/** The value if it is one of `allowed`, or a ValidationError. */
export function expectOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  path: string,
): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new ValidationError(path, `one of ${allowed.join(', ')}`)
  }
  return value as T
}

/** A date-time string that `Date.parse` understands, returned unchanged, or a ValidationError. */
export function expectDateString(value: unknown, path: string): string {
  if (typeof value !== 'string' || !Number.isFinite(Date.parse(value))) {
    throw new ValidationError(path, 'a date-time string')
  }
  return value
}
