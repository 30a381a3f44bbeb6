/** The forms a known secret can take in a report (percent-encoded, base64, inside a base64 blob), and finding them. */
import { base64Encode, utf8Length } from './base64.ts'

/** Values shorter than this are not looked for: they would match ordinary text (a tap's `ctr` is 6). */
export const MIN_SECRET_LENGTH = 6

/**
 * Shortest piece of a base64 form worth matching. A secret inside a longer base64 blob shows only
 * its inner characters (the ones at its edges mix with its neighbours' bits); shorter than this,
 * the piece could occur by chance.
 */
const MIN_BASE64_PIECE = 8

const toBase64Url = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_')

/**
 * The literal forms of `secret` a report may carry besides the secret itself: its base64 and
 * base64url (padded and not), and the characters it always becomes inside a longer base64 blob
 * (`Basic base64("public_token:" + secret)`), for each of the three byte offsets it can start at.
 * Percent-encoding is not listed: `findKnownSecrets` allows it for every character of every form.
 */
export function secretEncodings(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return []
  const bytes = utf8Length(secret)
  const forms = new Set<string>([secret])
  const padded = base64Encode(secret)
  for (const form of [padded, toBase64Url(padded)]) {
    forms.add(form)
    forms.add(form.replace(/=+$/, ''))
  }
  for (let offset = 0; offset < 3; offset++) {
    // `offset` bytes before the secret; its first whole base64 character comes after their bits,
    // its last one before the bits of whatever follows it.
    const blob = base64Encode('\0'.repeat(offset) + secret)
    const piece = blob.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes)) / 6))
    if (piece.length < MIN_BASE64_PIECE) continue
    forms.add(piece)
    forms.add(toBase64Url(piece))
  }
  return [...forms]
}

/** The UTF-8 bytes of `text`, as a string of one character per byte (`\u0000`–`\u00ff`). */
function byteString(text: string): string {
  let bytes = ''
  for (const char of text) bytes += charBytes(char)
  return bytes
}

/** One character's UTF-8 bytes, ASCII letters in lower case (a lone surrogate as U+FFFD). */
function charBytes(char: string): string {
  let code = char.codePointAt(0) ?? 0xfffd
  if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
  if (code < 0x80) return lowerByte(code)
  if (code < 0x800) return String.fromCharCode(0xc0 | (code >> 6), 0x80 | (code & 63))
  if (code < 0x10000) {
    return String.fromCharCode(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63))
  }
  return String.fromCharCode(
    0xf0 | (code >> 18),
    0x80 | ((code >> 12) & 63),
    0x80 | ((code >> 6) & 63),
    0x80 | (code & 63),
  )
}

/** A byte as a character, an ASCII capital as its lower-case letter: matching ignores ASCII case. */
const lowerByte = (byte: number) =>
  String.fromCharCode(byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte)

/** A percent-escape, possibly escaped again (`%41`, `%2541`): one byte. */
const ESCAPE = /%(?:25)*([0-9A-Fa-f]{2})/y

/**
 * `text` read as bytes: each percent-escape (once or more; with `decode` only) as the byte it
 * stands for, every other character as its UTF-8 bytes, ASCII letters in lower case; and for each
 * byte, where in `text` the character or escape it came from starts and ends.
 */
function readBytes(
  text: string,
  decode: boolean,
): { bytes: string; starts: number[]; ends: number[] } {
  let bytes = ''
  const starts: number[] = []
  const ends: number[] = []
  let index = 0
  while (index < text.length) {
    let unit: string
    let end: number
    ESCAPE.lastIndex = index
    const escape = decode && text[index] === '%' ? ESCAPE.exec(text) : null
    if (escape) {
      unit = lowerByte(parseInt(escape[1]!, 16))
      end = ESCAPE.lastIndex
    } else {
      const char = String.fromCodePoint(text.codePointAt(index) ?? 0xfffd)
      unit = charBytes(char)
      end = index + char.length
    }
    for (let byte = 0; byte < unit.length; byte++) {
      starts.push(index)
      ends.push(end)
    }
    bytes += unit
    index = end
  }
  return { bytes, starts, ends }
}

/** A form to look for, as bytes, and whether it is an email address's. */
interface Needle {
  bytes: string
  email: boolean
}

/** Every form of every secret as bytes, longest first; kept for the last list of secrets asked for. */
let needlesFor: { key: string; needles: Needle[] } = { key: '', needles: [] }

function needles(secrets: readonly string[]): Needle[] {
  const key = secrets.join('\n')
  if (key === needlesFor.key) return needlesFor.needles
  const found = new Map<string, Needle>()
  for (const secret of secrets) {
    const email = secret.includes('@')
    // Both cases of letters beyond ASCII (`JOSÉ`, `josé`): ASCII case is ignored anyway.
    const cased = new Set([secret, secret.toLowerCase(), secret.toUpperCase()])
    for (const variant of cased) {
      if (variant.length < MIN_SECRET_LENGTH && variant !== secret) continue
      for (const form of secretEncodings(variant)) {
        const bytes = byteString(form)
        if (!found.has(bytes)) found.set(bytes, { bytes, email })
      }
    }
  }
  const list = [...found.values()].sort((a, b) => b.bytes.length - a.bytes.length)
  needlesFor = { key, needles: list }
  return list
}

/** A stretch of text that holds a known secret, and whether the secret is an email address. */
export interface KnownSpan {
  start: number
  end: number
  email: boolean
}

/**
 * Where in `text` each of `secrets` is, in any of its forms (`secretEncodings`), each character
 * as itself or percent-encoded (upper- or lower-case hex, once or more: `encodeURIComponent`, a
 * link that escapes every character, a value escaped inside another URL), ASCII case ignored (hex
 * tap values come in both; a token that differs only in case is as good as gone). Spans are
 * sorted and do not overlap. Linear in the text for each form: the text is read as bytes once.
 */
export function findKnownSecrets(text: string, secrets: readonly string[]): KnownSpan[] {
  const wanted = needles(secrets)
  if (wanted.length === 0 || text === '') return []
  const spans: KnownSpan[] = []
  // Read twice: decoded, and as written, for a stray `%` glued before a secret (`100%<secret>`),
  // which the decoded reading takes with the secret's first two characters for an escape.
  for (const decode of [true, false]) {
    const { bytes, starts, ends } = readBytes(text, decode)
    for (const needle of wanted) {
      for (let at = bytes.indexOf(needle.bytes); at !== -1;) {
        const last = at + needle.bytes.length - 1
        spans.push({ start: starts[at]!, end: ends[last]!, email: needle.email })
        at = bytes.indexOf(needle.bytes, last + 1)
      }
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: KnownSpan[] = []
  for (const span of spans) {
    const previous = merged.at(-1)
    if (previous && span.start < previous.end) {
      previous.end = Math.max(previous.end, span.end)
      previous.email ||= span.email
    } else {
      merged.push({ ...span })
    }
  }
  return merged
}
