/**
 * Text as a reader would decode it: the ways a secret can be written in a report that the
 * scrubber's patterns and known values would not see as written. JSON `\uXXXX` escapes (behind
 * any number of backslashes: escaped once, twice, …) and `\/`, HTML character references
 * (`&#97;`, `&#x61;`, `&commat;`), percent-encoding of any byte (valid UTF-8 runs), and
 * compatibility forms (NFKC: full-width letters and digits, `＠`).
 */

/** A JSON escape behind any number of backslashes: a UTF-16 unit, or an escaped slash. */
const JSON_ESCAPE = /(?<!\\)\\+(?:u([0-9A-Fa-f]{4})|\/)/g

/** The named HTML references a secret's characters are written with (the rest are not ASCII). */
const NAMED: Record<string, string> = {
  amp: '&',
  apos: "'",
  colon: ':',
  commat: '@',
  equals: '=',
  gt: '>',
  lowbar: '_',
  lt: '<',
  num: '#',
  percnt: '%',
  period: '.',
  plus: '+',
  quot: '"',
  sol: '/',
}
const HTML_REFERENCE = /&(?:#[xX]([0-9A-Fa-f]{1,6});?|#(\d{1,7});?|([a-z]{2,6});)/g

/** A run of percent-escapes. */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g

/** A code point as text, or the reference as written when it names none. */
function codePoint(code: number, written: string): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : written
}

function decodeJson(text: string): string {
  return text.replace(JSON_ESCAPE, (_written, hex: string | undefined) =>
    hex === undefined ? '/' : String.fromCharCode(parseInt(hex, 16)),
  )
}

function decodeHtml(text: string): string {
  return text.replace(
    HTML_REFERENCE,
    (written, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
      if (hex !== undefined) return codePoint(parseInt(hex, 16), written)
      if (decimal !== undefined) return codePoint(parseInt(decimal, 10), written)
      return NAMED[name ?? ''] ?? written
    },
  )
}

/** Percent-escapes decoded where they spell UTF-8; an escape that does not stays as written. */
function decodePercent(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      // Not UTF-8 as a whole: the ASCII bytes alone.
      return run.replace(/%([0-7][0-9A-Fa-f])/g, (_escape, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    }
  })
}

/**
 * One round of every decoding. Decoding again reads layers (a value escaped, then escaped again),
 * but may also join a decoded character to the text before it (`%0` and an escaped `A` make
 * `%0A`, a line feed): a caller looks at each round, not only the last.
 */
export function decodeRound(text: string): string {
  return decodeHtml(decodeJson(decodePercent(text))).normalize('NFKC')
}
