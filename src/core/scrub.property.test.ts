/** Properties of the report scrubber: total on any value, idempotent, and no secret survives wherever it is put. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scrubReport, scrubText } from './scrub.ts'
import { BASE64URL, charsOf, sessionToken, toQuery, wellFormedTap } from './testing/arbitraries.ts'

/** Any value, with the kinds a report may hold besides plain data: maps, dates, typed arrays, … */
const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
})

/** The value, sometimes made to hold itself (cycles come from SDK objects and app state). */
const withCycle = (value: unknown, cyclic: boolean): unknown => {
  if (!cyclic || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) value.push(value)
  else (value as Record<string, unknown>).self = value
  return value
}

/** A secret of each kind and the text that must not survive scrubbing. */
interface Secret {
  kind: 'token' | 'magic-link' | 'jwt' | 'email' | 'tap'
  /** The secret as written into the report. */
  text: string
  /** What must not appear in the scrubbed report. */
  parts: string[]
}

const jwt = fc
  .tuple(charsOf(BASE64URL, 8, 40), charsOf(BASE64URL, 8, 60), charsOf(BASE64URL, 16, 43))
  .map(([header, payload, signature]) => `eyJ${header}.eyJ${payload}.${signature}`)

/**
 * An address as holders have them: letters, digits and `._%+-` before the `@`. RFC 5322 allows
 * more there (`|`, `$`, `#`, …), which the scrubber does not look for.
 */
const email = fc
  .tuple(
    charsOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-', 1, 20),
    fc.array(charsOf('abcdefghijklmnopqrstuvwxyz0123456789-', 1, 12), {
      minLength: 1,
      maxLength: 3,
    }),
    charsOf('abcdefghijklmnopqrstuvwxyz', 2, 6),
  )
  .map(([local, labels, top]) => `${local}@${labels.join('.')}.${top}`)

const secret: fc.Arbitrary<Secret> = fc.oneof(
  sessionToken.map((text): Secret => ({ kind: 'token', text, parts: [text] })),
  charsOf(BASE64URL, 43).map((token): Secret => ({
    kind: 'magic-link',
    text: `${token}=`,
    parts: [token],
  })),
  jwt.map((text): Secret => ({ kind: 'jwt', text, parts: [text] })),
  email.map((text): Secret => ({ kind: 'email', text, parts: [text] })),
  wellFormedTap.map((tap): Secret => ({
    kind: 'tap',
    text: toQuery(tap.params),
    parts: tap.params.map(([, value]) => value),
  })),
)

/** Names whose values are secret, in the spellings code and headers use. */
const secretName = fc.constantFrom(
  'session_token',
  'sessionToken',
  'session_jwt',
  'sessionJwt',
  'token',
  'X-Api-Key',
  'refresh_token',
)

/**
 * A place for the secret in report data, and that data. Tap data goes where taps go (URLs and
 * its own parameter names); the other kinds anywhere: under a secret name, standing alone in
 * text, in a URL, in JSON (nested, escaped, percent-encoded), in a header, as a key.
 */
const placed = fc
  .tuple(secret, secretName, fc.constantFrom('', ' ', '\n', '(', ': ', '"'))
  .chain(([item, name, before]) => {
    const { text, kind } = item
    const tap = kind === 'tap'
    const json = JSON.stringify({
      op: 'poap-events',
      [tap ? 'url' : name]: tap ? `/tap?${text}` : text,
    })
    const url = tap
      ? `https://app.example/tap?${text}`
      : `https://app.example/x?${name}=${text}&y=1`
    const places: unknown[] = [
      url,
      tap ? `/tap#${text}` : `/auth/email#${name}=${text}`,
      `/auth/email?redirect=${encodeURIComponent(url)}`,
      `/x?next=${encodeURIComponent(`/auth/email?redirect=${encodeURIComponent(url)}`)}`,
      json,
      JSON.stringify(json),
      `state ${JSON.stringify(JSON.stringify({ nested: JSON.parse(json) as unknown }))}`,
      { [url]: true },
      { headers: { Referer: url, 'User-Agent': 'Mozilla/5.0' } },
    ]
    if (tap) {
      const params = text.split('&').map((pair) => pair.split('='))
      places.push({ request: { query_string: text } })
      // As field names only the long ones count (`e`, `p` and `c` would hit unrelated data).
      if (params.every(([param]) => ['uid', 'ctr', 'cmac', 'picc_data'].includes(param ?? ''))) {
        places.push(Object.fromEntries(params))
      }
    } else {
      places.push(
        { [name]: text },
        `${before}${text} `,
        { [`${before}${text}`]: 1 },
        `/x?state=${encodeURIComponent(json)}`,
        { headers: { Authorization: `Bearer ${text}`, Cookie: `stytch_session=${text}; x=1` } },
        `/x?auth=${encodeURIComponent(`Bearer ${text}`)}`,
      )
    }
    return fc.record({ item: fc.constant(item), data: fc.constantFrom(...places) })
  })

/** Report data around a placed secret: nested at any depth, beside ordinary fields. */
const reportWithSecret = fc
  .tuple(
    placed,
    fc.array(
      fc.oneof(fc.constantFrom('extra', 'data', 'contexts', 'values', 'request'), fc.nat(2)),
    ),
    fc.dictionary(fc.constantFrom('op', 'status', 'url', 'level'), fc.jsonValue(), { maxKeys: 3 }),
  )
  .map(([{ item, data }, path, beside]) => {
    let report: unknown = data
    for (const step of path.slice(0, 5)) {
      report =
        typeof step === 'number'
          ? [...Array<unknown>(step).fill('x'), report]
          : { ...beside, [step]: report }
    }
    return { item, report }
  })

/**
 * Text of report pieces (secrets, secret names with `=` or `:`, words) between separators, raw or
 * percent-encoded, so that each rule's match ends where another's may start. Never two pieces
 * glued: a 43-character word and `=` right before a token (`A…A=B…B`) is one word to the first
 * pass and a magic-link token once the token is gone; no report holds such a thing.
 */
const pieces = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 2, arbitrary: secret.map(({ text }) => text) },
        {
          weight: 2,
          arbitrary: fc
            .oneof(secretName, fc.constantFrom('e', 'p', 'c', 'uid'))
            .map((name) => `${name}=`),
        },
        secretName.map((name) => `"${name}": "`),
        fc.constantFrom('Bearer', 'Failed to load', '/api/poap-events?isActive=false', '[email]'),
      ),
      fc.oneof(
        fc.constantFrom('%26', '%23', '%3B', '%3D', '%20'),
        fc.constantFrom(' ', '&', '#', ';', '\n', '"', ', ', '?'),
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(''))

describe('scrubReport: properties', () => {
  // Total: reporting must never become the error. Whatever it is given, cycles included, it answers
  // and leaves the value it was given as it was.
  it('never throws and never changes its input, for any value', () => {
    fc.assert(
      fc.property(fc.clone(anyValue, 2), fc.boolean(), ([value, twin], cyclic) => {
        const input = withCycle(value, cyclic)
        scrubReport(input)
        expect(input).toEqual(withCycle(twin, cyclic))
      }),
      { numRuns: 300 },
    )
  })

  // Idempotent: a scrubbed report holds nothing more to remove, so a second pass (the SDK's
  // final pass over an event already scrubbed as a breadcrumb) changes nothing.
  it('changes nothing in what it already scrubbed, for any value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          reportWithSecret.map(({ report }) => report),
        ),
        (value) => {
          const once = scrubReport(value)
          expect(scrubReport(once)).toEqual(once)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('changes nothing in text it already scrubbed, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          placed.map(({ data }) => JSON.stringify(data)),
        ),
        (text) => {
          const once = scrubText(text)
          expect(scrubText(once)).toBe(once)
        },
      ),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(pieces, (text) => {
        const once = scrubText(text)
        expect(scrubText(once)).toBe(once)
      }),
      { numRuns: 1000 },
    )
  })

  // No leak: a session token, magic-link token, JWT, email address or card tap's values put
  // anywhere in a report are gone from it.
  it('lets no generated secret through, wherever in a report it is put', () => {
    fc.assert(
      fc.property(reportWithSecret, ({ item, report }) => {
        const scrubbed = JSON.stringify(scrubReport(report))
        for (const part of item.parts) {
          expect(scrubbed).not.toContain(part)
          expect(scrubbed).not.toContain(encodeURIComponent(part))
        }
      }),
      { numRuns: 500 },
    )
  })
})
