/** A text's UTF-8 bytes, counted and in base64 (Basic auth), without DOM or Node helpers. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = []
  for (const char of text) {
    let code = char.codePointAt(0) ?? 0xfffd
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
    if (code < 0x80) bytes.push(code)
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63))
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63))
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      )
    }
  }
  return bytes
}

/** Standard padded base64 of the UTF-8 encoding of `text`. */
/** Number of UTF-8 bytes of `text` (a lone surrogate counts as U+FFFD), as a body or encoding holds it. */
export function utf8Length(text: string): number {
  return utf8Bytes(text).length
}

export function base64Encode(text: string): string {
  const bytes = utf8Bytes(text)
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1]
    const c = bytes[i + 2]
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0)
    out += ALPHABET[(n >> 18) & 63]
    out += ALPHABET[(n >> 12) & 63]
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]
    out += c === undefined ? '=' : ALPHABET[n & 63]
  }
  return out
}
