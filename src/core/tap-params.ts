/** Shape check of a card tap's query string (secure NFC "SUN" links); the server verifies the rest. */

/**
 * The tap formats this app recognises, named after their parameters. Lengths follow NXP's
 * NTAG 424 DNA Secure Unique NFC (SUN / SDM) conventions (datasheet NT4H2421Gx, AN12196); every
 * value is hex, upper or lower case, and must have exactly one of the listed lengths:
 *
 * | format           | parameter   | hex length   | what it holds                                            |
 * | ---------------- | ----------- | ------------ | -------------------------------------------------------- |
 * | `e`              | `e`         | 32, 48, 64   | one encrypted blob: AES PICCData (16 B); AES PICCData    |
 * |                  |             |              | and CMAC (16 + 8 B); or LRP PICCData and CMAC (24 + 8 B) |
 * | `picc_data+cmac` | `picc_data` | 32           | AES-encrypted PICCData: tag, UID, read counter (16 B)    |
 * |                  | `cmac`      | 16           | truncated SDM MAC (8 B)                                  |
 * | `uid+ctr+cmac`   | `uid`       | 14           | the card's UID in plain (7 B)                            |
 * |                  | `ctr`       | 6            | the SDM read counter in plain (3 B)                      |
 * |                  | `cmac`      | 16           | truncated SDM MAC (8 B)                                  |
 * | `p+c`            | `p`         | 32           | encrypted PICCData, short name (16 B)                    |
 * |                  | `c`         | 16           | truncated SDM MAC, short name (8 B)                      |
 *
 * A query must hold exactly one format's parameters: a missing, repeated, unknown or other
 * format's parameter makes it invalid (the server would refuse it, so we say so at once).
 */
export const TAP_FORMATS = {
  e: { e: [32, 48, 64] },
  'picc_data+cmac': { picc_data: [32], cmac: [16] },
  'uid+ctr+cmac': { uid: [14], ctr: [6], cmac: [16] },
  'p+c': { p: [32], c: [16] },
} as const satisfies Record<string, Record<string, readonly number[]>>

/** One of the recognised tap formats. */
export type TapFormat = keyof typeof TAP_FORMATS

/** A valid tap: its format and its parameters, values upper-cased. */
export type TapParams = {
  [F in TapFormat]: { format: F; params: Record<keyof (typeof TAP_FORMATS)[F], string> }
}[TapFormat]

/** Why a query is not a valid tap. */
export type TapInvalidReason =
  | 'empty'
  | 'malformed'
  | 'unknown-parameter'
  | 'duplicate-parameter'
  | 'mixed-formats'
  | 'missing-parameter'
  | 'not-hex'
  | 'wrong-length'

/** The parser's answer: a typed tap, or the first reason it is not one (and which parameter). */
export type TapParseResult =
  ({ ok: true } & TapParams) | { ok: false; reason: TapInvalidReason; param?: string }

/** Every parameter name a tap may carry (error reports strip these from URLs). */
export const TAP_PARAM_NAMES: readonly string[] = [
  ...new Set(Object.values(TAP_FORMATS).flatMap((format) => Object.keys(format))),
]

/** The parameter that names each format: present in it and in no other. */
const ANCHORS: Record<TapFormat, string> = {
  e: 'e',
  'picc_data+cmac': 'picc_data',
  'uid+ctr+cmac': 'uid',
  'p+c': 'p',
}

/** Longest query worth reading: the longest valid one is well under this. */
const MAX_QUERY_LENGTH = 512

const HEX = /^[0-9a-fA-F]+$/

function fail(reason: TapInvalidReason, param?: string): TapParseResult {
  return param === undefined ? { ok: false, reason } : { ok: false, reason, param }
}

/**
 * A name as the card writes it: lower-case ASCII letters and `_`. Names are compared exactly as
 * they stand in the link, never decoded: `%75id` is not `uid` (URLSearchParams would decode it,
 * and error reports, which know the names only as written, would keep its value).
 */
const LITERAL_NAME = /^[a-z_]+$/

/** Longest unknown name quoted back in a reason (the tap page shows it). */
const MAX_NAMED_LENGTH = 24

/**
 * The reason for a name that is no tap parameter: a plain word (`UID`, `utm_source`) is named; an
 * escaped, foreign or overlong one makes the link unreadable, and is never quoted back.
 */
function unknownName(rawName: string): TapParseResult {
  const plain = /^[A-Za-z0-9_.-]+$/.test(rawName) && rawName.length <= MAX_NAMED_LENGTH
  return plain ? fail('unknown-parameter', rawName) : fail('malformed')
}

/**
 * Splits `a=1&b=2` into pairs, reading the raw text once: a name must be one of the tap's, written
 * literally; a value may be percent-encoded. A failure when a name is not a tap parameter,
 * repeats, or a value cannot be decoded.
 */
function readPairs(query: string): Map<string, string> | TapParseResult {
  const pairs = new Map<string, string>()
  for (const piece of query.split('&')) {
    if (piece === '') continue
    const at = piece.indexOf('=')
    const name = at === -1 ? piece : piece.slice(0, at)
    const rawValue = at === -1 ? '' : piece.slice(at + 1)
    if (!LITERAL_NAME.test(name) || !TAP_PARAM_NAMES.includes(name)) return unknownName(name)
    let value: string
    try {
      value = decodeURIComponent(rawValue)
    } catch {
      return fail('malformed')
    }
    if (pairs.has(name)) return fail('duplicate-parameter', name)
    pairs.set(name, value)
  }
  return pairs
}

/**
 * Checks a tap query (`?uid=…&ctr=…&cmac=…`, with or without the `?`) against the formats of
 * {@link TAP_FORMATS}: the one parse of a tap link, strict about names (exactly `uid`, `ctr`,
 * `cmac`, `e`, `picc_data`, `p`, `c`, never percent-encoded or in capitals). Pure: it never sends
 * or stores anything.
 */
export function parseTapParams(search: string): TapParseResult {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (query.length > MAX_QUERY_LENGTH) return fail('malformed')
  const pairs = readPairs(query)
  if (!(pairs instanceof Map)) return pairs
  if (pairs.size === 0) return fail('empty')

  const formats = Object.keys(TAP_FORMATS) as TapFormat[]
  const named = formats.filter((format) => pairs.has(ANCHORS[format]))
  if (named.length > 1) return fail('mixed-formats')
  const format = named[0]
  if (format === undefined) {
    // Only shared parameters (cmac, ctr, c): name the missing one when a single format fits.
    const fits = formats.filter((candidate) =>
      [...pairs.keys()].every((key) => Object.hasOwn(TAP_FORMATS[candidate], key)),
    )
    const only = fits.length === 1 ? fits[0] : undefined
    return fail('missing-parameter', only === undefined ? undefined : ANCHORS[only])
  }

  const spec: Record<string, readonly number[]> = TAP_FORMATS[format]
  for (const key of pairs.keys()) {
    if (!Object.hasOwn(spec, key)) return fail('mixed-formats', key)
  }
  const params: Record<string, string> = {}
  for (const [key, lengths] of Object.entries(spec)) {
    const value = pairs.get(key)
    if (value === undefined || value === '') return fail('missing-parameter', key)
    if (!HEX.test(value)) return fail('not-hex', key)
    if (!lengths.includes(value.length)) return fail('wrong-length', key)
    params[key] = value.toUpperCase()
  }
  return { ok: true, format, params } as { ok: true } & TapParams
}
