/** Removes credentials and card-tap data from error reports: a pure, deep scrub of report data. */

/** Query parameters whose values never leave the device in a report (sign-in link and card tap). */
export const SCRUBBED_PARAMS = [
  'token',
  'stytch_token_type',
  'e',
  'picc_data',
  'cmac',
  'uid',
  'ctr',
  'p',
  'c',
] as const

/** What a scrubbed value is replaced with (the error-reporting service's own marker). */
export const FILTERED = '[Filtered]'

/** Fields removed wherever they appear (compared lower-case): headers and cookie jars. */
const DROPPED_KEYS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'cookies',
  'set-cookie',
])

/** Fields whose values are credentials (compared lower-case without `_` and `-`). */
const SECRET_KEYS = new Set([
  'token',
  'sessiontoken',
  'sessionjwt',
  'jwt',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'password',
])

/** A parameter's start: `?`, `&`, `#` or `;` (raw or percent-encoded, once or more), or the text's start. */
const PARAM_START = String.raw`(^|[?&#;]\s*|%(?:25)*(?:3F|26|23|3B))`
/** The listed names, and any name ending in token, jwt or password (`session_token`, …). */
const PARAM_NAMES = [
  ...[...SCRUBBED_PARAMS].sort((a, b) => b.length - a.length),
  String.raw`[\w.-]*(?:token|jwt|password)`,
].join('|')
/** `=` raw or percent-encoded. */
const EQUALS = String.raw`(=|%(?:25)*3D)`
/** A value runs to the next separator, raw or percent-encoded, or to a quote, space or bracket. */
const VALUE = String.raw`(?:(?!%(?:25)*(?:26|23|3B))[^&#;\s"'<>\\])*`
const PARAM_PATTERN = new RegExp(`${PARAM_START}(${PARAM_NAMES})${EQUALS}${VALUE}`, 'gi')

/** `Authorization`-style credentials written out in text. */
const AUTH_SCHEME_PATTERN = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi
/** A JSON Web Token (three base64url parts, the first two JSON objects). */
const JWT_PATTERN = /\beyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g

/**
 * Text with the values of scrubbed query parameters, written-out Authorization credentials and
 * JWTs replaced by `[Filtered]`. Works on whole URLs, bare query strings, paths, percent-encoded
 * URLs inside other parameters (`?redirect=%2Ftap%3Fuid%3D…`) and free text.
 */
export function scrubText(text: string): string {
  return text
    .replace(PARAM_PATTERN, (_match, start: string, name: string, equals: string) => {
      return `${start}${name}${equals}${FILTERED}`
    })
    .replace(AUTH_SCHEME_PATTERN, (_match, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(JWT_PATTERN, FILTERED)
}

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_]/g, '')

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Nesting beyond this is cut (report data is shallow; this only guards against pathological input). */
const MAX_DEPTH = 64

function scrubValue(value: unknown, seen: WeakMap<object, unknown>, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (typeof value !== 'object' || value === null) return value
  if (depth > MAX_DEPTH) return FILTERED
  const done = seen.get(value)
  if (done !== undefined) return done
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    seen.set(value, copy)
    for (const item of value) copy.push(scrubValue(item, seen, depth + 1))
    return copy
  }
  // Class instances (errors, DOM nodes) are left to the SDK's own normalisation; the final pass
  // over the normalised event (plain data only) scrubs what they turn into.
  if (!isPlainObject(value)) return value
  const copy: Record<string, unknown> = {}
  seen.set(value, copy)
  for (const [key, item] of Object.entries(value)) {
    const lower = key.toLowerCase()
    if (DROPPED_KEYS.has(lower)) continue
    if (SECRET_KEYS.has(normalizeKey(key)) && item !== null && item !== undefined) {
      copy[key] = FILTERED
      continue
    }
    // Keys can carry data too (e.g. a header or a parameter used as a map key).
    copy[scrubText(key)] = scrubValue(item, seen, depth + 1)
  }
  return copy
}

/**
 * A deep copy of report data (an event, breadcrumb or span) in which every string is scrubbed
 * (`scrubText`), Authorization and cookie fields are removed, and credential fields are replaced.
 * Pure: the input is not changed. Never throws on plain data, cyclic data included.
 */
export function scrubReport<T>(value: T): T {
  return scrubValue(value, new WeakMap(), 0) as T
}
