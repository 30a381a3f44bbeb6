/** No secret survives the scrubber, however it is encoded and wherever it is put: by known value, and by pattern alone. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scrubReport, scrubText } from './scrub.ts'
import { BASE64URL, charsOf } from './testing/arbitraries.ts'
import { everyByte, fullWidth, htmlDecimal, jsonEscaped } from './testing/secret-writings.ts'

/** The kinds of secret a report may meet. */
type Kind =
  'session token' | 'magic-link token' | 'JWT' | 'email' | 'phone' | 'user id' | 'uid' | 'cmac'

/** A secret written one way, and what must not be found in the scrubbed text. */
interface Written {
  text: string
  /** Pieces any of which found in the scrubbed text means the secret survived. */
  mustNotSurvive: string[]
}

/** One way of writing a secret; `bytes` (random) fill a base64 blob around it. */
type Encoding = (secret: string, bytes: { before: Uint8Array; after: Uint8Array }) => Written

const HEX_ALPHABET = '0123456789ABCDEF'

/** UTF-8 bytes of a text. */
const utf8 = (text: string) => new TextEncoder().encode(text)

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 of bytes, written here independently of the code under test: padded, or base64url unpadded. */
function toBase64(bytes: Uint8Array, url = false): string {
  let out = ''
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b, c] = [bytes[index], bytes[index + 1], bytes[index + 2]]
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
    out += BASE64_ALPHABET[(n >> 18) & 63]! + BASE64_ALPHABET[(n >> 12) & 63]!
    out += b === undefined ? '=' : BASE64_ALPHABET[(n >> 6) & 63]!
    out += c === undefined ? '=' : BASE64_ALPHABET[n & 63]!
  }
  return url ? out.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : out
}

const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}

/**
 * The base64 characters that stand for the secret alone inside a blob (the ones at its edges mix
 * with the neighbouring bytes' bits): what a reader could decode it from.
 */
function insideBlob(secret: string, before: Uint8Array, after: Uint8Array, url: boolean) {
  const bytes = utf8(secret)
  const blob = toBase64(concat(before, bytes, after), url)
  const core = blob.slice(
    Math.ceil((8 * before.length) / 6),
    Math.floor((8 * (before.length + bytes.length)) / 6),
  )
  return { text: blob, mustNotSurvive: [core] }
}

/** Blob neighbours putting the secret at byte offset `offset` (mod 3). */
const aligned = (bytes: Uint8Array, offset: number) =>
  bytes.subarray(0, bytes.length - ((bytes.length - offset + 3) % 3))

/** Ways of writing any secret. */
const COMMON: Record<string, Encoding> = {
  plain: (secret) => ({ text: secret, mustNotSurvive: [secret] }),
  encodeURIComponent: (secret) => {
    const text = encodeURIComponent(secret)
    return { text, mustNotSurvive: [text, secret] }
  },
  'every byte %XX, upper-case hex': (secret) => {
    const text = everyByte(secret, true)
    return { text, mustNotSurvive: [text] }
  },
  'every byte %xx, lower-case hex': (secret) => {
    const text = everyByte(secret, false)
    return { text, mustNotSurvive: [text] }
  },
  'encoded twice': (secret) => {
    const text = encodeURIComponent(everyByte(secret, true))
    return { text, mustNotSurvive: [text] }
  },
  'JSON \\u escapes': (secret) => {
    const text = jsonEscaped(secret, 1)
    return { text, mustNotSurvive: [text, secret] }
  },
  'JSON \\u escapes, escaped twice': (secret) => {
    const text = jsonEscaped(secret, 2)
    return { text, mustNotSurvive: [text, secret] }
  },
  'HTML decimal references': (secret) => {
    const text = htmlDecimal(secret)
    return { text, mustNotSurvive: [text, secret] }
  },
  'HTML hex references': (secret) => {
    const text = [...secret].map((char) => `&#x${char.codePointAt(0)!.toString(16)};`).join('')
    return { text, mustNotSurvive: [text, secret] }
  },
  'full-width letters, digits and signs': (secret) => {
    const text = fullWidth(secret)
    return { text, mustNotSurvive: [text, secret] }
  },
  base64: (secret) => {
    const text = toBase64(utf8(secret))
    return { text, mustNotSurvive: [text.replace(/=+$/, '').slice(0, -1)] }
  },
  base64url: (secret) => {
    const text = toBase64(utf8(secret), true)
    return { text, mustNotSurvive: [text.slice(0, -1)] }
  },
  'base64, percent-encoded': (secret) => {
    const base64 = toBase64(utf8(secret))
    return { text: encodeURIComponent(base64), mustNotSurvive: [base64.slice(0, -4)] }
  },
  'HTTP Basic public_token:<secret>': (secret) => {
    const before = utf8('public-token-live-00000000-0000-4000-8000-000000000000:')
    const { text, mustNotSurvive } = insideBlob(secret, before, new Uint8Array(), false)
    return { text: `Basic ${text}`, mustNotSurvive }
  },
  ...Object.fromEntries(
    [0, 1, 2].flatMap((offset) =>
      [false, true].map((url): [string, Encoding] => [
        `inside a ${url ? 'base64url' : 'base64'} blob at byte offset ${offset}`,
        (secret, { before, after }) => insideBlob(secret, aligned(before, offset), after, url),
      ]),
    ),
  ),
}

/** Hex tap values: a link may write them in the other case than the app knows them. */
const HEX_CASES: Record<string, Encoding> = {
  'lower-case hex': (secret) => ({
    text: secret.toLowerCase(),
    mustNotSurvive: [secret.toLowerCase()],
  }),
  'lower-case hex, every byte %XX': (secret) => {
    const text = everyByte(secret.toLowerCase(), true)
    return { text, mustNotSurvive: [text] }
  },
}

/** A JWT's dots as some URL encoders write them. */
const JWT_DOTS: Record<string, Encoding> = {
  'dots as %2E': (secret) => {
    const text = secret.replaceAll('.', '%2E')
    return { text, mustNotSurvive: [text, ...secret.split('.')] }
  },
  'dots as %2e': (secret) => {
    const text = secret.replaceAll('.', '%2e')
    return { text, mustNotSurvive: [text, ...secret.split('.')] }
  },
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzéäöüßøçñàèìòùłşğåæœ'
const OTHER_SCRIPTS = 'абвгдежзийклмнопрстуфхцчшщыэюяαβγδεζηθικλμνξοπρστυφχψω用户例子广告名前'

/** A phone number as people write it at home: its national digits with separators. */
const NATIONAL: Record<string, (national: string, code: string) => string> = {
  'national, US style': (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
  'national, trunk 0 and spaces': (n) => `0${n.slice(0, 4)} ${n.slice(4)}`,
  'national, dots': (n) => `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`,
  'international, spaced': (n, code) => `+${code} ${n.slice(0, 3)} ${n.slice(3)}`,
  'international, 00 and a (0)': (n, code) => `00${code} (0)${n.slice(0, 4)} ${n.slice(4)}`,
}
const PHONE_WRITINGS: Record<string, Encoding> = Object.fromEntries(
  Object.entries(NATIONAL).map(([how, write]): [string, Encoding] => [
    how,
    (secret) => {
      const [, code = '', national = ''] = /^\+(\d+?)(\d{7,11})$/.exec(secret) ?? []
      const text = write(national, code)
      return { text, mustNotSurvive: [text] }
    },
  ]),
)

/** Addresses as holders have them, in any script. */
const email = fc
  .tuple(
    fc.oneof(
      charsOf(`${LETTERS}0123456789._+-`, 1, 16),
      charsOf(OTHER_SCRIPTS, 1, 8),
      charsOf(LETTERS.toUpperCase(), 1, 8),
    ),
    fc.array(fc.oneof(charsOf(`${LETTERS}0123456789-`, 1, 10), charsOf(OTHER_SCRIPTS, 1, 6)), {
      minLength: 1,
      maxLength: 2,
    }),
    fc.oneof(charsOf('abcdefghijklmnopqrstuvwxyz', 2, 6), charsOf(OTHER_SCRIPTS, 2, 4)),
  )
  .filter(([local]) => /^[^.]/.test(local))
  .map(([local, labels, top]) => `${local}@${labels.join('.')}.${top}`)

const jwt = fc
  .tuple(charsOf(BASE64URL, 8, 40), charsOf(BASE64URL, 8, 80), charsOf(BASE64URL, 16, 43))
  .map(([header, payload, signature]) => `eyJ${header}.eyJ${payload}.${signature}`)

/** Each kind: how its secrets are made, and every way of writing it the tests try. */
const KINDS: Record<Kind, { secret: fc.Arbitrary<string>; encodings: Record<string, Encoding> }> = {
  'session token': { secret: charsOf(BASE64URL, 44), encodings: COMMON },
  'magic-link token': {
    secret: charsOf(BASE64URL, 43).map((token) => `${token}=`),
    encodings: COMMON,
  },
  JWT: { secret: jwt, encodings: { ...COMMON, ...JWT_DOTS } },
  email: { secret: email, encodings: COMMON },
  phone: {
    secret: fc
      .integer({ min: 1, max: 999 })
      .chain((code) => charsOf('0123456789', 7, 11).map((number) => `+${code}${number}`)),
    encodings: { ...COMMON, ...PHONE_WRITINGS },
  },
  'user id': {
    secret: fc.uuid().map((uuid) => `user-live-${uuid}`),
    encodings: COMMON,
  },
  uid: { secret: charsOf(HEX_ALPHABET, 14), encodings: { ...COMMON, ...HEX_CASES } },
  cmac: { secret: charsOf(HEX_ALPHABET, 16), encodings: { ...COMMON, ...HEX_CASES } },
}

/** Text around a secret: anything, or word characters glued right to it. */
const around = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  charsOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_', 1, 8),
  fc.constantFrom('', ' ', '=', '%20', '"', 'Basic ', '/x?next=', 'HTTP 400 bad_'),
)

const blobBytes = fc.record({
  before: fc.uint8Array({ minLength: 3, maxLength: 40 }),
  after: fc.uint8Array({ maxLength: 40 }),
})

/** Whether any piece that must not survive is in the scrubbed text (hex compared in any case). */
function survivor(scrubbed: string, written: Written): string | undefined {
  const lower = scrubbed.toLowerCase()
  return written.mustNotSurvive.find((piece) =>
    /^[0-9A-Fa-f%]+$/.test(piece) ? lower.includes(piece.toLowerCase()) : scrubbed.includes(piece),
  )
}

describe('scrubText: known secrets, in every encoding', () => {
  it('tries this many encodings of each kind of secret', () => {
    const counts = Object.fromEntries(
      Object.entries(KINDS).map(([kind, { encodings }]) => [kind, Object.keys(encodings).length]),
    )
    expect(counts).toEqual({
      'session token': 20,
      'magic-link token': 20,
      JWT: 22,
      email: 20,
      phone: 25,
      'user id': 20,
      uid: 22,
      cmac: 22,
    })
  })

  for (const [kind, { secret, encodings }] of Object.entries(KINDS)) {
    it(`lets no ${kind} through, written any way, anywhere in text, once the host knows it`, () => {
      fc.assert(
        fc.property(
          secret,
          fc.constantFrom(...Object.keys(encodings)),
          blobBytes,
          around,
          around,
          (value, how, bytes, before, after) => {
            const written = encodings[how]!(value, bytes)
            const text = `${before}${written.text}${after}`
            const scrubbed = scrubText(text, [value])
            expect(survivor(scrubbed, written), `${how}: ${scrubbed}`).toBeUndefined()
            // The same in a report, deep in its data and in a key.
            const report = scrubReport({ extra: { detail: [text] }, [text]: 1 }, [value])
            expect(survivor(JSON.stringify(report), written)).toBeUndefined()
          },
        ),
        { numRuns: 400 },
      )
    })
  }
})

// What a page meets without knowing it (it never holds the session token): the patterns alone.

/** A tap's parameter name as a hostile link may write it. */
const writtenName = (name: string, how: 'plain' | 'all' | 'one' | 'upper', at: number) => {
  if (how === 'plain') return name
  if (how === 'upper') return everyByte(name.toUpperCase(), true)
  if (how === 'all') return everyByte(name, at % 2 === 0)
  const index = at % name.length
  return `${name.slice(0, index)}${everyByte(name[index]!, at % 2 === 0)}${name.slice(index + 1)}`
}

/** Pattern-only ways of writing each kind, and the kinds' secrets. */
const BY_PATTERN = {
  'session token': {
    secret: charsOf(BASE64URL, 44),
    encodings: ['alone', 'glued to word characters', 'after a percent-escape'],
  },
  'magic-link token': {
    secret: charsOf(BASE64URL, 43).map((token) => `${token}=`),
    encodings: ['alone', 'glued to word characters', '= percent-encoded'],
  },
  JWT: {
    secret: jwt,
    encodings: ['alone', 'glued to word characters', 'dots as %2E', 'dots as %2e', 'in a query'],
  },
  email: {
    secret: email,
    encodings: ['alone', 'glued to word characters', 'encodeURIComponent', 'in a query'],
  },
} as const

/** Word characters glued to a secret on both sides (a token's start cannot be told). */
const glue = charsOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_', 1, 6)

function writeByPattern(kind: keyof typeof BY_PATTERN, how: string, value: string, word: string) {
  switch (how) {
    case 'alone':
      return value
    case 'glued to word characters':
      return kind === 'email' ? `${word}${value}` : `${word}${value}${word}`
    case 'after a percent-escape':
      return `%22${value}%22`
    case '= percent-encoded':
      return value.replace(/=$/, '%3D')
    case 'dots as %2E':
      return value.replaceAll('.', '%2E')
    case 'dots as %2e':
      return value.replaceAll('.', '%2e')
    case 'encodeURIComponent':
      return encodeURIComponent(value)
    default:
      return `/x?a=1&next=${encodeURIComponent(value)}&b=2`
  }
}

/** What of a secret must not survive by pattern: the whole, or any part of a JWT. */
const partsOf = (kind: keyof typeof BY_PATTERN, value: string) =>
  kind === 'JWT'
    ? value.split('.')
    : kind === 'magic-link token'
      ? [value.slice(0, -1)]
      : kind === 'email'
        ? [value, encodeURIComponent(value)]
        : [value]

const TAP_NAMES = ['uid', 'ctr', 'cmac', 'picc_data', 'e', 'p', 'c'] as const
const NAME_WRITINGS = ['plain', 'all', 'one', 'upper'] as const
const SEPARATORS = { '&': '&', '%26': '%26', '%2526': '%2526' } as const
const EQUALS = { '=': '=', '%3D': '%3D', '%3d': '%3d' } as const

describe('scrubText: by pattern alone, what a page meets without knowing it', () => {
  it('tries this many writings of each kind of secret', () => {
    const counts = Object.fromEntries(
      Object.entries(BY_PATTERN).map(([kind, { encodings }]) => [kind, encodings.length]),
    )
    const tapWritings =
      NAME_WRITINGS.length * Object.keys(SEPARATORS).length * Object.keys(EQUALS).length
    expect({ ...counts, 'tap values': tapWritings }).toEqual({
      'session token': 3,
      'magic-link token': 3,
      JWT: 5,
      email: 4,
      'tap values': 36,
    })
  })

  for (const [kind, { secret, encodings }] of Object.entries(BY_PATTERN)) {
    it(`lets no ${kind} through, written any way, anywhere in text`, () => {
      const name = kind as keyof typeof BY_PATTERN
      fc.assert(
        fc.property(
          secret,
          fc.constantFrom(...encodings),
          glue,
          fc.constantFrom(' ', '\n', '(', ': ', '"', 'HTTP 400 '),
          fc.constantFrom(' ', ')', '. ', '"', '\n'),
          (value, how, word, before, after) => {
            const scrubbed = scrubText(`${before}${writeByPattern(name, how, value, word)}${after}`)
            for (const part of partsOf(name, value)) {
              expect(scrubbed, `${how}: ${scrubbed}`).not.toContain(part)
            }
          },
        ),
        { numRuns: 300 },
      )
    })
  }

  it('lets no tap value through, whatever way the link writes names and separators', () => {
    fc.assert(
      fc.property(
        fc.subarray([...TAP_NAMES], { minLength: 1 }),
        fc.array(charsOf(HEX_ALPHABET, 6, 32), { minLength: 7, maxLength: 7 }),
        fc.constantFrom(...NAME_WRITINGS),
        fc.nat(),
        fc.constantFrom(...Object.values(SEPARATORS)),
        fc.constantFrom(...Object.values(EQUALS)),
        fc.constantFrom('/tap?', 'https://app.example/tap?', '/auth/email?next=%2Ftap%3F'),
        (names, values, how, at, separator, equals, start) => {
          const query = names
            .map((name, index) => `${writtenName(name, how, at)}${equals}${values[index]}`)
            .join(separator)
          const scrubbed = scrubText(`Failed at ${start}${query} (HTTP 500)`).toLowerCase()
          for (const value of values.slice(0, names.length)) {
            expect(scrubbed).not.toContain(value.toLowerCase())
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
