/** Properties of the tap parser: total, accepts every well-formed tap however it is written, refuses every broken one. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseTapParams,
  TAP_FORMATS,
  TAP_PARAM_NAMES,
  type TapInvalidReason,
} from './tap-params.ts'
import {
  charsOf,
  HEX_DIGITS,
  hexOf,
  toQuery,
  wellFormedTap,
  type GeneratedTap,
} from './testing/arbitraries.ts'

const REASONS: readonly TapInvalidReason[] = [
  'empty',
  'malformed',
  'unknown-parameter',
  'duplicate-parameter',
  'mixed-formats',
  'missing-parameter',
  'not-hex',
  'wrong-length',
]

type Pair = [name: string, value: string]

/** What the parser answers for a well-formed tap: its format and its values upper-cased. */
const acceptedAs = (tap: GeneratedTap) => ({
  ok: true,
  format: tap.format,
  params: Object.fromEntries(tap.params.map(([name, value]) => [name, value.toUpperCase()])),
})

/** Every character of `text` percent-escaped (`%41` for `A`), as some mail clients write links. */
const escapeAll = (text: string) =>
  [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')

/**
 * A well-formed tap written as a link may carry it: parameters in any order, with or without
 * `?`, stray `&`, and some values percent-escaped (names never: a card writes them as they are).
 */
const writtenTap = wellFormedTap.chain((tap) =>
  fc
    .record({
      order: fc.shuffledSubarray(tap.params, { minLength: tap.params.length }),
      escaped: fc.array(fc.constantFrom('none', 'value'), {
        minLength: tap.params.length,
        maxLength: tap.params.length,
      }),
      question: fc.constantFrom('', '?'),
      separator: fc.constantFrom('&', '&&'),
      around: fc.constantFrom('', '&'),
    })
    .map(({ order, escaped, question, separator, around }) => {
      const pieces = order.map(([name, value], index) => {
        const how = escaped[index]
        return `${name}=${how === 'value' ? escapeAll(value) : value}`
      })
      return { tap, query: `${question}${around}${pieces.join(separator)}${around}` }
    }),
)

/** Text that looks like a query: known and unknown names, separators, escapes, hex and noise. */
const queryLike = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ...TAP_PARAM_NAMES,
        'UID',
        'utm',
        '=',
        '&',
        '?',
        '%',
        '%3D',
        '%26',
        '%E0%A4%A',
      ),
      charsOf(HEX_DIGITS, 0, 40),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''))

/** Characters that are not hex and need no escaping in a query. */
const NON_HEX = 'ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ-._~+!*'

/** A broken tap and what the parser must say about it (`params`: the parameter it may name). */
interface Broken {
  query: string
  reason: TapInvalidReason
  params: readonly (string | undefined)[]
}

const replaceAt = (pairs: readonly Pair[], index: number, pair: Pair | null): Pair[] =>
  pairs.flatMap((old, at) => (at !== index ? [old] : pair === null ? [] : [pair]))
const insertAt = (pairs: readonly Pair[], index: number, pair: Pair): Pair[] => [
  ...pairs.slice(0, index),
  pair,
  ...pairs.slice(index),
]

/** A well-formed tap with one change that breaks its format, and the reason the parser must give. */
const brokenTap: fc.Arbitrary<Broken> = wellFormedTap.chain(({ format, params }) => {
  const spec: Record<string, readonly number[]> = TAP_FORMATS[format]
  const picked = fc.nat(params.length - 1).map((index) => ({ index, pair: params[index]! }))
  const place = fc.nat(params.length)
  const broken = (pairs: Pair[], reason: TapInvalidReason, ...named: (string | undefined)[]) => ({
    query: toQuery(pairs),
    reason,
    params: named,
  })
  return fc.oneof(
    // A value of a length its parameter never has.
    picked.chain(({ index, pair: [name, value] }) =>
      fc
        .integer({ min: 1, max: 80 })
        .filter((length) => !spec[name]!.includes(length))
        .map((length) => {
          const other = value.repeat(Math.ceil(length / value.length)).slice(0, length)
          return broken(replaceAt(params, index, [name, other]), 'wrong-length', name)
        }),
    ),
    // One character that is not hex.
    picked.chain(({ index, pair: [name, value] }) =>
      fc.tuple(fc.nat(value.length - 1), fc.constantFrom(...NON_HEX)).map(([at, char]) => {
        const other = value.slice(0, at) + char + value.slice(at + 1)
        return broken(replaceAt(params, index, [name, other]), 'not-hex', name)
      }),
    ),
    // A part left out (a lone `e` leaves nothing), or given no value.
    picked.map(({ index, pair: [name] }) =>
      params.length === 1
        ? broken([], 'empty')
        : broken(replaceAt(params, index, null), 'missing-parameter', name, undefined),
    ),
    picked.map(({ index, pair: [name] }) =>
      broken(replaceAt(params, index, [name, '']), 'missing-parameter', name),
    ),
    // A part twice.
    fc
      .tuple(picked, place)
      .map(([{ pair }, at]) => broken(insertAt(params, at, pair), 'duplicate-parameter', pair[0])),
    // A name the parser does not know: another word, or a known one in capitals.
    fc
      .tuple(
        fc.oneof(
          charsOf('abcdefghijklmnopqrstuvwxyz_', 1, 10).filter(
            (name) => !TAP_PARAM_NAMES.includes(name),
          ),
          picked.map(({ pair: [name] }) => name.toUpperCase()),
        ),
        hexOf([6, 16]),
        place,
      )
      .map(([name, value, at]) =>
        broken(insertAt(params, at, [name, value]), 'unknown-parameter', name),
      ),
    // Another format's parameter beside this one's.
    fc
      .tuple(
        fc.constantFrom(...TAP_PARAM_NAMES.filter((name) => !Object.hasOwn(spec, name))),
        hexOf([16, 32]),
        place,
      )
      .map(([name, value, at]) =>
        broken(insertAt(params, at, [name, value]), 'mixed-formats', name, undefined),
      ),
    // Padded past the longest query worth reading.
    fc.integer({ min: 513, max: 700 }).map((length): Broken => {
      const query = toQuery(params)
      return { query: query + '&'.repeat(length - query.length), reason: 'malformed', params: [] }
    }),
  )
})

describe('parseTapParams: properties', () => {
  // Total: anyone can put anything in a link; the answer is a result, never an exception.
  it('never throws, and answers a tap or one of its reasons, for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 600 }), queryLike), (query) => {
        const result = parseTapParams(query)
        if (!result.ok) expect(REASONS).toContain(result.reason)
      }),
      { numRuns: 1000 },
    )
  })

  // Accepts: each format's parameters with values of an allowed length, in either case, in any
  // order, with or without `?`, with stray `&`, with values percent-escaped.
  it('accepts every well-formed tap of each format, however the link writes it', () => {
    fc.assert(
      fc.property(writtenTap, ({ tap, query }) => {
        expect(parseTapParams(query)).toEqual(acceptedAs(tap))
      }),
      { numRuns: 300 },
    )
  })

  // Normal form: what it accepts names exactly one format's parameters, each upper-case hex of an
  // allowed length; written back as a query, in any order, it reads the same (a round trip).
  it('gives what it accepts in normal form, which reads back the same in any order', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          writtenTap.map(({ query }) => query),
          queryLike,
        ),
        fc.boolean(),
        (query, reverse) => {
          const result = parseTapParams(query)
          if (!result.ok) return
          const spec: Record<string, readonly number[]> = TAP_FORMATS[result.format]
          const pairs = Object.entries(result.params as Record<string, string>)
          expect(pairs.map(([name]) => name).sort()).toEqual(Object.keys(spec).sort())
          for (const [name, value] of pairs) {
            expect(value).toMatch(/^[0-9A-F]+$/)
            expect(spec[name]).toContain(value.length)
          }
          expect(parseTapParams(toQuery(reverse ? pairs.reverse() : pairs))).toEqual(result)
        },
      ),
      { numRuns: 300 },
    )
  })

  // Refuses: a wrong length, a character that is not hex, a missing, empty, repeated, unknown or
  // foreign part, or a query too long, each with its own reason (and the parameter at fault).
  it('refuses every tap broken in one place, with the reason and the parameter at fault', () => {
    fc.assert(
      fc.property(brokenTap, ({ query, reason, params }) => {
        const result = parseTapParams(query)
        expect(result).toMatchObject({ ok: false, reason })
        expect(params.length === 0 || params.includes((result as { param?: string }).param)).toBe(
          true,
        )
      }),
      { numRuns: 500 },
    )
  })

  // Names are read as written, never decoded: a link whose parameter names are escaped (wholly or
  // in one character, upper- or lower-case hex) or in capitals is not a tap, whatever its values.
  it('refuses a well-formed tap with any name not written literally', () => {
    const escapeOne = (name: string, at: number, upper: boolean) => {
      const hex = name.charCodeAt(at).toString(16)
      return `${name.slice(0, at)}%${upper ? hex.toUpperCase() : hex}${name.slice(at + 1)}`
    }
    fc.assert(
      fc.property(
        wellFormedTap,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('escape-all', 'escape-one-upper', 'escape-one-lower', 'capitals'),
        (tap, which, at, how) => {
          const index = which % tap.params.length
          const pairs = tap.params.map(([name, value], position): Pair => {
            if (position !== index) return [name, value]
            const char = at % name.length
            const written = {
              'escape-all': escapeAll(name),
              'escape-one-upper': escapeOne(name, char, true),
              'escape-one-lower': escapeOne(name, char, false),
              capitals: name.toUpperCase(),
            }[how]
            return [written, value]
          })
          expect(parseTapParams(toQuery(pairs))).toMatchObject({
            ok: false,
            reason: how === 'capitals' ? 'unknown-parameter' : 'malformed',
          })
        },
      ),
      { numRuns: 300 },
    )
  })
})
