/** Removes credentials, card-tap data and email addresses from error reports: a pure deep scrub. */
import { findKnownSecrets } from './secret-encodings.ts'
import { isDroppedKey, isSecretKey, SCRUBBED_PARAMS } from './secret-names.ts'
import { TAP_FORMATS } from './tap-params.ts'
import { decodeRound } from './text-decodings.ts'

/** What a scrubbed value is replaced with (the error-reporting service's own marker). */
export const FILTERED = '[Filtered]'

/**
 * What an email address found in text is replaced with. Its own marker, not `[Filtered]`: a
 * reader sees that an address was there (often the cause: "no account for [email]").
 */
export const EMAIL_MARKER = '[email]'

/** What a wallet address (`0x` and 40 hex digits) found in text is replaced with. */
export const ADDRESS_MARKER = '[address]'

/** What a phone number written in E.164 (`+447911123456`, `%2B…` in a URL) is replaced with. */
export const PHONE_MARKER = '[phone]'

/**
 * A wallet address: the holder's identity on chain, in a wallet library's messages ("Address
 * "0x…" is invalid"). 64 hex digits (a transaction hash) are not one.
 */
const WALLET_ADDRESS_PATTERN = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g

/** A number in E.164, as the provider and the app write a holder's phone number. */
const E164_PATTERN = /(?<![\w+%])(?:\+|%2[Bb])[1-9]\d{6,14}(?!\d)/g

// Every pattern below is linear in the text's length: each either starts only where a run of
// its characters starts (a lookbehind) or at a separator, and no quantifier can match the same
// characters in two ways. `scrub.test.ts` runs them over 100 KB of hostile text.

/** A parameter's start: `?`, `&`, `#` or `;` (raw or percent-encoded, once or more), or the text's start. */
const PARAM_START = String.raw`(^|[?&#;]\s*|%(?:25)*(?:3F|26|23|3B))`
/** A character of a parameter's name as written in a URL: itself or percent-encoded (`%75` for `u`). */
const nameChar = (char: string) => {
  const hex = (code: string) => code.charCodeAt(0).toString(16).toUpperCase()
  const lower = hex(char.toLowerCase())
  const upper = hex(char.toUpperCase())
  return `(?:${char}|%(?:25)*${lower === upper ? lower : `(?:${lower}|${upper})`})`
}
/** A name as a link may write it: any of its characters percent-encoded (`%75id`, `c%6Dac`). */
const encodableName = (name: string) => [...name].map(nameChar).join('')
/**
 * The start of a name that ends like a secret one: word characters and percent-escapes, but no
 * escaped separator (`%26`, `%3D`, …), so a name never runs on into the next parameter.
 */
const NAME_PREFIX = String.raw`(?:[\w.-]|%(?!(?:25)*(?:26|23|3B|3D|3F))[0-9A-F]{2})*`
/** The listed names, and any name ending like a secret one (`session_token`, `x-api-key`, …). */
const PARAM_NAMES = [
  ...[...SCRUBBED_PARAMS].sort((a, b) => b.length - a.length).map(encodableName),
  `${NAME_PREFIX}(?:${['token', 'jwt', 'password', 'secret'].map(encodableName).join('|')}|${encodableName('api')}(?:[_-]|%(?:25)*(?:5F|2D))?${encodableName('key')})`,
].join('|')
/** `=` raw or percent-encoded. */
const EQUALS = String.raw`(=|%(?:25)*3D)`
/** A value runs to the next separator, raw or percent-encoded, or to a quote, space or bracket. */
const VALUE = String.raw`(?:(?!%(?:25)*(?:26|23|3B))[^&#;\s"'<>\\])*`
const PARAM_PATTERN = new RegExp(`${PARAM_START}(${PARAM_NAMES})${EQUALS}${VALUE}`, 'gi')

/**
 * `Authorization`-style credentials written out in text: the scheme, then a credential (RFC 7235
 * token68, `=` only as padding) that ends the word, full stops aside (`bearer /api/x?y` is none).
 */
const AUTH_SCHEME_PATTERN =
  /\b(Bearer|Basic)(\s+)(?!(?:Bearer|Basic)\b)([\w.~+/-]+=*)(?=\.*(?:[\s"'`,:;)\]}>\\]|$))/gi
/**
 * Whether the word after `Bearer` or `Basic` is a credential rather than prose ("basic setup",
 * "bearer 500", "bearer TypeError"): real ones are long, or hold a symbol, or letters and digits.
 */
function isCredential(word: string): boolean {
  const credential = word.replace(/\.+$/, '') // a sentence's full stop is not part of it
  return (
    credential.length >= 16 ||
    /[.~+/=_-]/.test(credential) ||
    (/\d/.test(credential) && /[a-z]/i.test(credential))
  )
}

/** A run of base64url characters (a percent-escape's `%` ends one, its hex digits do not). */
const WORD_RUN = /[\w-]+/g
/** A JWT's dot, raw or percent-encoded (`%2E`, as some URL encoders write it). */
const JWT_DOT = /\.|%(?:25)*2E/iy
/** The second part of a JWT: its payload, a JSON object too. */
const JWT_PAYLOAD = /eyJ[\w-]*/y
const JWT_SIGNATURE = /[\w-]*/y

/**
 * Text with every JSON Web Token (three base64url parts, the first two JSON objects: `eyJ…`)
 * replaced, wherever it starts: after a space, a percent-escape (`%22eyJ…`) or glued to other
 * word characters (`xeyJ…`), with its dots raw or written `%2E`. Read run by run, so each
 * character is looked at a bounded number of times.
 */
function scrubJwts(text: string): string {
  let result = ''
  let copied = 0
  WORD_RUN.lastIndex = 0
  for (let run = WORD_RUN.exec(text); run; run = WORD_RUN.exec(text)) {
    const header = run[0].indexOf('eyJ')
    if (header === -1) continue
    JWT_DOT.lastIndex = WORD_RUN.lastIndex
    if (!JWT_DOT.test(text)) continue
    JWT_PAYLOAD.lastIndex = JWT_DOT.lastIndex
    if (!JWT_PAYLOAD.test(text)) continue
    JWT_DOT.lastIndex = JWT_PAYLOAD.lastIndex
    if (!JWT_DOT.test(text)) continue
    JWT_SIGNATURE.lastIndex = JWT_DOT.lastIndex
    JWT_SIGNATURE.test(text)
    result += text.slice(copied, run.index + header) + FILTERED
    copied = JWT_SIGNATURE.lastIndex
    WORD_RUN.lastIndex = copied
  }
  return result === '' ? text : result + text.slice(copied)
}

/** `=` or its escape right after a run: the padding of a magic-link token (43 characters and `=`). */
const PADDING = /=|%(?:25)*3D/iy

/**
 * Whether a run of base64url characters is shaped like a provider token: 44 or more characters
 * (a session token is 44; 43 and `=` is a magic-link token) of at least two kinds among
 * upper-case letters, lower-case letters and digits. Random tokens always mix them; long words
 * of one kind (`aaaa…`, `some_long_identifier_name…`) are not tokens.
 */
function isTokenShaped(run: string, padded: boolean): boolean {
  if (run.length < 44 && !(run.length === 43 && padded)) return false
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((kind) => kind.test(run)).length
  return kinds >= 2
}

/**
 * Text with every provider token replaced, wherever it is: alone, glued to other word characters
 * (`bad_<token>`, `x<token>`: the whole run goes, as the token's start cannot be told), or right
 * after a percent-escape (`%22<token>`, whose hex digits stay when what follows is a token alone).
 * Nothing else in a report is a run of 44 mixed base64url characters (the app's hashed chunk
 * names are under 35, event ids 32), so the rare false positive costs one word.
 */
function scrubTokens(text: string): string {
  let result = ''
  let copied = 0
  let changed = false
  WORD_RUN.lastIndex = 0
  for (let run = WORD_RUN.exec(text); run; run = WORD_RUN.exec(text)) {
    let start = run.index
    let end = WORD_RUN.lastIndex
    PADDING.lastIndex = end
    const padded = PADDING.test(text)
    let value = run[0]
    if (!isTokenShaped(value, padded)) continue
    const escaped = text[start - 1] === '%' && /^[0-9A-Fa-f]{2}/.test(value)
    if (escaped && isTokenShaped(value.slice(2), padded)) {
      start += 2
      value = value.slice(2)
    }
    if (value.length === 43) end = PADDING.lastIndex
    result += text.slice(copied, start) + FILTERED
    copied = end
    changed = true
  }
  return changed ? result + text.slice(copied) : text
}

/**
 * Email addresses, raw or percent-encoded (`ada%2Bcamel%40example.com`), in any script
 * (`josé@example.com`, `ada@exämple.com`, `ада@пример.рф`, an IDN's labels percent-encoded).
 * The last domain label must start with a letter, so `pkg@1.2.3` and `name@https://…` (stack
 * frames) are not addresses. An address that follows another at once
 * (`ada@example.com%20bob@example.org`, two addresses and a space as a URL writes them) is taken
 * with it: the lookbehind would refuse to start there.
 */
const EMAIL_CHAR = String.raw`[\p{L}\p{N}\p{M}_.+%-]`
/** A domain's character: a letter, digit or `-`, or a UTF-8 byte of a non-ASCII one escaped. */
const DOMAIN_CHAR = String.raw`(?:[\p{L}\p{N}\p{M}-]|%[89A-Fa-f][0-9A-Fa-f])`
const DOMAIN_LABEL = `${DOMAIN_CHAR}+`
/** A top-level label starts with a letter, or with the escape of a non-ASCII one (`%D1%80…`). */
const TOP_LABEL = String.raw`(?:\p{L}|%[C-Fc-f][0-9A-Fa-f])${DOMAIN_CHAR}*`
const EMAIL_PATTERN = new RegExp(
  `(?<!${EMAIL_CHAR})(?:${EMAIL_CHAR}+(?:@|%(?:25)*40)${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*\\.${TOP_LABEL})+`,
  'gu',
)

/**
 * A name followed by `:` or `=` (or `==`, `:=`), as in JSON (`"session_token":"…"`, `'jwt': '…'`,
 * escaped `\"token\":\"…\"`), object literals and `key=value` text; groups 2 and 3 are the
 * backslashes escaping the value's opening quote and that quote, if it has one.
 */
const PAIR_PATTERN = /(?<![\w-])([A-Za-z_][\w-]*)(?:\\*["'])?\s*[:=]=*\s*(?:(\\*)(["']))?/g
/** An unquoted value: up to a space, quote, bracket or separator. */
const BARE_VALUE = /[^\s"'`,;&#<>{}()[\]\\|]*/y
/** A scheme before an unquoted value (`Authorization: Bearer …` keeps its scheme). */
const SCHEME = /(?:Bearer|Basic)\s+/iy

/**
 * Where a quoted value that opens with `escapes` backslashes and `quote` ends, else the text's end.
 * Text escaped again and again (0, 1, 3, … backslashes before its quotes: k) closes a string with
 * a quote behind k backslashes plus any number of escaped backslashes (2k + 2 each); other runs
 * of backslashes before a quote belong to the value.
 */
function quotedValueEnd(text: string, start: number, escapes: number, quote: string): number {
  let index = start
  while (index < text.length) {
    const run = index
    while (text[index] === '\\') index++
    if (text[index] === quote && (index - run) % (2 * escapes + 2) === escapes) return run
    index++
  }
  return text.length
}

/** Text with the value of every secret `name: value` / `name=value` pair replaced. */
function scrubPairs(text: string): string {
  let result = ''
  let copied = 0
  PAIR_PATTERN.lastIndex = 0
  for (let match = PAIR_PATTERN.exec(text); match; match = PAIR_PATTERN.exec(text)) {
    const [, name = '', escapes, quote] = match
    if (!isSecretKey(name)) continue
    let start = PAIR_PATTERN.lastIndex
    let end: number
    if (quote !== undefined) {
      end = quotedValueEnd(text, start, escapes?.length ?? 0, quote)
    } else {
      SCHEME.lastIndex = start
      if (SCHEME.test(text)) start = SCHEME.lastIndex
      BARE_VALUE.lastIndex = start
      end = start + (BARE_VALUE.exec(text)?.[0].length ?? 0)
    }
    if (end === start) continue
    result += text.slice(copied, start) + FILTERED
    copied = end
    PAIR_PATTERN.lastIndex = end
  }
  return copied === 0 ? text : result + text.slice(copied)
}

/**
 * Text with each of `secrets` replaced wherever it is, in any form a report may hold it (see
 * `secretEncodings`: as it is, percent-encoded in any case, base64 or base64url, inside a longer
 * base64 blob such as a Basic credential): an email address by `[email]`, anything else by
 * `[Filtered]`. Values shorter than six characters are not looked for.
 */
export function scrubKnown(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return text
  let result = ''
  let copied = 0
  for (const { start, end, email } of findKnownSecrets(text, secrets)) {
    result += text.slice(copied, start) + (email ? EMAIL_MARKER : FILTERED)
    copied = end
  }
  return copied === 0 ? text : result + text.slice(copied)
}

/**
 * A phone number as people write it: digits with spaces, dots, dashes, slashes or brackets
 * between them, perhaps after `+` (`(415) 555-0123`, `+44 (0)7911 123456`, `0791.112.3456`).
 */
const WRITTEN_NUMBER = /(?:\+\s?)?\(?(?<!\d)\d(?:[\d\s()./\u00a0-]*\d)?/g

/** A known E.164 number (`+14155550123`): its digits. */
const E164_SECRET = /^\+([1-9]\d{6,14})$/

/**
 * Every way the digits of a known number are written: in full (after `+` or `00`), and in
 * national form, for a country code of one to three digits, with or without the trunk `0`.
 */
function phoneDigitForms(digits: string): string[] {
  const forms = [digits, `00${digits}`]
  for (let code = 1; code <= 3; code++) {
    const national = digits.slice(code)
    if (national.length < 6) continue
    forms.push(national, `0${national}`, `${digits.slice(0, code)}0${national}`)
  }
  return forms
}

/** Text with the holder's known phone numbers replaced, however they are written. */
function scrubWrittenPhones(text: string, secrets: readonly string[]): string {
  const forms = new Set(
    secrets.flatMap((secret) => {
      const digits = E164_SECRET.exec(secret)?.[1]
      return digits === undefined ? [] : phoneDigitForms(digits)
    }),
  )
  if (forms.size === 0) return text
  const long = [...forms].filter((form) => form.length >= 7)
  return text.replace(WRITTEN_NUMBER, (written) => {
    const digits = written.replace(/\D/g, '')
    // Glued to other digits (`7(415) 555-0123`), a number of seven digits or more still counts.
    const known = forms.has(digits) || long.some((form) => digits.includes(form))
    return known ? PHONE_MARKER : written
  })
}

/** Each one-letter tap parameter's value lengths (`e`: 32, 48 or 64 hex digits). */
const ONE_LETTER_TAP_LENGTHS: Record<string, readonly number[]> = {
  e: TAP_FORMATS.e.e,
  p: TAP_FORMATS['p+c'].p,
  c: TAP_FORMATS['p+c'].c,
}

/**
 * A one-letter tap parameter written out in text (`e=<hex>`, `"p": "<hex>"`), which the pair rule
 * leaves alone (one letter as a field name would hit unrelated data): taken only with a hex value
 * of exactly that parameter's length.
 */
const TAP_VALUE_IN_TEXT =
  /(?<![\w-])([epc])((?:\\*["'])?\s*[:=]\s*(?:\\*["'])?)([0-9A-Fa-f]+)(?!\w)/g

function scrubTapValues(text: string): string {
  return text.replace(TAP_VALUE_IN_TEXT, (written, name: string, between: string, value: string) =>
    ONE_LETTER_TAP_LENGTHS[name]?.includes(value.length) ? `${name}${between}${FILTERED}` : written,
  )
}

/** Rounds of decoding tried: text encoded in layers is read down to its plain form. */
const DECODING_ROUNDS = 4

/**
 * Text with credentials, tap data and email addresses replaced, as `scrubWritten` does; then the
 * same again on the text decoded round by round (`decodeRound`: JSON `\u` escapes, HTML
 * references, percent-encoding of every byte, full-width forms), and when a round finds what the
 * written text hid, that round's text, scrubbed, is what the report keeps.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  const scrubbed = scrubWritten(text, secrets)
  let plain = scrubbed
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    const next = decodeRound(plain)
    if (next === plain) break
    plain = next
    const decoded = scrubWritten(plain, secrets)
    if (decoded !== plain) return decoded
  }
  return scrubbed
}

/**
 * Text with credentials, tap data and email addresses replaced. First the values the caller
 * knows (`secrets`, see `scrubKnown`), then by pattern: the values of secret-named pairs (JSON,
 * escaped JSON, `name=value`), of the listed query parameters and any `*token`/`*jwt` parameter
 * (names and separators raw or percent-encoded: `?%75id=…`, `?redirect=%2Ftap%3Fuid%3D…`),
 * written-out `Bearer`/`Basic` credentials, JWTs and provider tokens wherever they start become
 * `[Filtered]`, as do one-letter tap values (`e=<hex>`) of their exact lengths; email addresses in
 * any script become `[email]`, wallet addresses `[address]`, E.164 phone numbers and the known
 * numbers however written (`(415) 555-0123`) `[phone]`. The price of catching
 * `token: <value>` in prose: a message such as "Invalid token: expired" loses the word after the
 * colon.
 */
function scrubWritten(text: string, secrets: readonly string[]): string {
  const withoutKnown = scrubWrittenPhones(scrubKnown(text, secrets), secrets)
  // The scheme first: a pair or parameter rule would otherwise take the scheme for the value.
  const withoutSchemes = withoutKnown.replace(
    AUTH_SCHEME_PATTERN,
    (match, scheme: string, space: string, credential: string) =>
      isCredential(credential) ? `${scheme}${space}${FILTERED}` : match,
  )
  // Addresses before values: a value cut at an escape (`?p=x%23ada@example.com`) would leave
  // `[Filtered][email]`, which a second pass would make one value (scrubbing twice must not change).
  const withoutEmails = withoutSchemes
    .replace(EMAIL_PATTERN, EMAIL_MARKER)
    .replace(WALLET_ADDRESS_PATTERN, ADDRESS_MARKER)
    .replace(E164_PATTERN, PHONE_MARKER)
  const withoutParams = scrubPairs(withoutEmails).replace(
    PARAM_PATTERN,
    (_match, start: string, name: string, equals: string) => `${start}${name}${equals}${FILTERED}`,
  )
  return scrubTokens(scrubJwts(scrubTapValues(withoutParams)))
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Nesting beyond this is cut (report data is shallow; this only guards against pathological input). */
const MAX_DEPTH = 64

function scrubValue(
  value: unknown,
  seen: WeakMap<object, unknown>,
  depth: number,
  text: (value: string) => string,
): unknown {
  if (typeof value === 'string') return text(value)
  if (typeof value !== 'object' || value === null) return value
  if (depth > MAX_DEPTH) return FILTERED
  const done = seen.get(value)
  if (done !== undefined) return done
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    seen.set(value, copy)
    for (const item of value) copy.push(scrubValue(item, seen, depth + 1, text))
    return copy
  }
  // Class instances (errors, DOM nodes) are left to the SDK's own normalisation; the final pass
  // over the normalised event (plain data only) scrubs what they turn into.
  if (!isPlainObject(value)) return value
  const copy: Record<string, unknown> = {}
  seen.set(value, copy)
  for (const [key, item] of Object.entries(value)) {
    if (isDroppedKey(key)) continue
    // Keys can carry data too (e.g. a header or a parameter used as a map key).
    const secret = isSecretKey(key) && item !== null && item !== undefined
    copy[text(key)] = secret ? FILTERED : scrubValue(item, seen, depth + 1, text)
  }
  return copy
}

/**
 * A deep copy of report data (an event, breadcrumb or span) in which every string is scrubbed
 * (`scrubText`, with the `secrets` the caller knows), Authorization, cookie, email and IP address fields are removed, and credential
 * and tap fields (`session_token`, `*Jwt`, `uid`, …) are replaced by `[Filtered]`.
 * Pure: the input is not changed. Never throws on plain data, cyclic data included.
 */
export function scrubReport<T>(value: T, secrets: readonly string[] = []): T {
  return scrubValue(value, new WeakMap(), 0, (text) => scrubText(text, secrets)) as T
}
