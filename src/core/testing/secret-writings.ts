/** Ways a secret gets written into text (escaped, encoded, widened), for the scrubber's tests and bench. */

/** The UTF-8 bytes of well-formed `text`, read off `encodeURIComponent`'s escapes. */
const utf8 = (text: string) =>
  [...encodeURIComponent(text).matchAll(/%([0-9A-F]{2})|[^%]/g)].map((match) =>
    match[1] === undefined ? match[0].charCodeAt(0) : Number.parseInt(match[1], 16),
  )

/** Each UTF-8 byte of `text` as `%XX` (hex in upper case unless `upper` is false). */
export const everyByte = (text: string, upper = true) =>
  utf8(text)
    .map((byte) => {
      const hex = byte.toString(16).padStart(2, '0')
      return `%${upper ? hex.toUpperCase() : hex}`
    })
    .join('')

/** Each UTF-16 unit as a JSON `\uXXXX` escape behind 2^level − 1 backslashes (one, then three). */
export const jsonEscaped = (text: string, level: number) =>
  Array.from({ length: text.length }, (_, index) => text.charCodeAt(index))
    .map((unit) => `${'\\'.repeat(2 ** level - 1)}u${unit.toString(16).padStart(4, '0')}`)
    .join('')

/** Each character as an HTML decimal reference (`&#97;`). */
export const htmlDecimal = (text: string) =>
  [...text].map((char) => `&#${char.codePointAt(0)};`).join('')

/** Printable ASCII as its full-width form (U+FF01–FF5E), which NFKC folds back. */
export const fullWidth = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.codePointAt(0)!
      return code > 0x20 && code < 0x7f ? String.fromCodePoint(code + 0xfee0) : char
    })
    .join('')
