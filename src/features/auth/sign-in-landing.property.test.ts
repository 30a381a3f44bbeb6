/** Properties of the sign-in landing reader: total, reads back every well-formed link's token, and nothing else is a landing. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BASE64URL, charsOf } from '../../core/testing/arbitraries.ts'
import { LANDING_TYPES, readSignInLanding } from './sign-in-landing.ts'

/** The two names that make an address a landing. */
const LANDING_NAMES = ['token', 'stytch_token_type']

const TOKEN_ALPHABET = `${BASE64URL}+/`

/** A provider token: base64url or base64 (`+`, `/`), 20 to 256 characters, up to two `=`. */
const token = fc
  .tuple(charsOf(TOKEN_ALPHABET, 20, 256), fc.constantFrom('', '=', '=='))
  .map(([body, padding]) => body + padding)

type Encoding = 'raw' | 'once' | 'twice'

/** A value as a link may carry it: as it is, or percent-encoded once or twice (mail clients). */
const written = (value: string, encoding: Encoding) =>
  encoding === 'raw'
    ? value
    : encoding === 'once'
      ? encodeURIComponent(value)
      : encodeURIComponent(encodeURIComponent(value))

/** Other query parameters a landing may carry; never one of the landing's own names. */
const otherParams = fc.array(
  fc
    .tuple(
      charsOf('abcdefghijklmnopqrstuvwxyz_', 1, 10),
      charsOf('abcdefghijklmnopqrstuvwxyz0123456789-._~', 0, 12),
    )
    .filter(([name]) => !LANDING_NAMES.includes(name))
    .map(([name, value]) => `${name}=${value}`),
  { maxLength: 3 },
)

/** An address on any site and path (the reader looks only at the query). */
const site = fc.webUrl({ withQueryParameters: false, withFragments: false })

/** A landing: the type and the token as written, among other parameters in any order. */
const landing = (
  types: fc.Arbitrary<string>,
  tokens: fc.Arbitrary<string>,
  encodings: readonly Encoding[] = ['raw', 'once', 'twice'],
) =>
  fc
    .record({
      site,
      type: types,
      token: tokens,
      encoding: fc.constantFrom(...encodings),
      others: otherParams,
      fragment: fc.option(charsOf('abc=&/', 0, 8), { nil: undefined }),
    })
    .chain(({ site, type, token, encoding, others, fragment }) =>
      fc
        .shuffledSubarray(
          [`stytch_token_type=${type}`, `token=${written(token, encoding)}`, ...others],
          { minLength: others.length + 2 },
        )
        .map((params) => ({
          href: `${site}?${params.join('&')}${fragment === undefined ? '' : `#${fragment}`}`,
          type,
          token,
        })),
    )

/** Tokens the provider never makes: too short, too long, a foreign character, three `=`. */
const damagedToken = fc.oneof(
  fc.constant(''),
  charsOf(TOKEN_ALPHABET, 1, 19),
  charsOf(TOKEN_ALPHABET, 257, 300),
  token.map((value) => `${value.replace(/=+$/, '')}===`),
  fc
    .tuple(token, fc.nat(), fc.constantFrom(' ', '.', '!', '~', '*', '(', '"', ':', '@', ','))
    .map(([value, at, char]) => {
      const cut = at % (value.length + 1)
      return value.slice(0, cut) + char + value.slice(cut)
    }),
)

/** Words that are not a token type the page exchanges (after the reader's own decoding). */
const otherType = charsOf('abcdefghijklmnopqrstuvwxyz_-', 0, 14).filter(
  (type) => !(LANDING_TYPES as readonly string[]).includes(type),
)

describe('readSignInLanding: properties', () => {
  // Total: the address bar holds whatever was opened; the sign-in page must render, not crash.
  it('never throws, and answers null, a usable token or a reason, for any href', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          landing(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 })).map(
            ({ href }) => href,
          ),
        ),
        (href) => {
          const read = readSignInLanding(href)
          if (read === null || read.kind === 'unusable') return
          expect(LANDING_TYPES).toContain(read.type)
          expect(read.token).toMatch(/^[A-Za-z0-9_\-+/]{20,256}={0,2}$/)
        },
      ),
      { numRuns: 500 },
    )
  })

  // Round trip: the token the provider put in the link is the token the page exchanges, however
  // the link was encoded on its way, whatever else the address holds.
  it('reads back the token of every well-formed landing of each type', () => {
    fc.assert(
      fc.property(landing(fc.constantFrom(...LANDING_TYPES), token), ({ href, type, token }) => {
        expect(readSignInLanding(href)).toEqual({ kind: 'token', type, token })
      }),
      { numRuns: 300 },
    )
  })

  // A link that came to harm, or a sign-in this page does not do, is said to be unusable (so the
  // page can say so and strip it), never tried and never mistaken for no landing.
  it('calls a landing with a damaged token or another type unusable, and says which', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          landing(fc.constantFrom(...LANDING_TYPES), damagedToken, ['raw', 'once']).map((read) => ({
            ...read,
            reason: 'malformed',
          })),
          landing(otherType, token).map((read) => ({ ...read, reason: 'unsupported-type' })),
        ),
        ({ href, reason }) => {
          expect(readSignInLanding(href)).toEqual({ kind: 'unusable', reason })
        },
      ),
      { numRuns: 300 },
    )
  })

  // Only the query's own `token` and `stytch_token_type` make a landing: any other address, or
  // those names in the fragment, is no landing at all.
  it('answers null for every address whose query names neither', () => {
    const namesInQuery = (href: string) =>
      new URL(href).search
        .slice(1)
        .split('&')
        .some((pair) => LANDING_NAMES.includes(pair.split('=')[0] ?? ''))
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .webUrl({ withQueryParameters: true, withFragments: true })
            .filter((href) => !namesInQuery(href)),
          fc
            .tuple(site, fc.constantFrom(...LANDING_TYPES), token)
            .map(([at, type, value]) => `${at}#stytch_token_type=${type}&token=${value}`),
        ),
        (href) => {
          expect(readSignInLanding(href)).toBeNull()
        },
      ),
      { numRuns: 300 },
    )
  })
})
