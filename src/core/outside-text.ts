/**
 * Text from outside (the cards API's names, places and descriptions) made safe to show: no
 * character that reorders or hides the text around it, no control character.
 */

/**
 * Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the invisible direction
 * marks (U+200E, U+200F, U+061C): with them a name can show reversed (`\u202Egnp.exe` reads
 * `exe.png`) or reorder the text beside it. The page isolates outside text itself (`<bdi>`,
 * `dir="auto"`), so they are never needed.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

/** C0 and C1 controls and DEL, except tab and the line breaks, which are read first. */
// eslint-disable-next-line no-control-regex -- taking control characters out is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g

/** Every way a line can end: CR LF, CR, LF, NEL and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g

/**
 * `text` without bidi or control characters. `multiline`: line breaks stay, as `\n` (a
 * description's paragraphs); otherwise they, like tabs, become spaces (a name is one line).
 */
export function plainText(text: string, { multiline = false } = {}): string {
  return text
    .replace(LINE_BREAKS, multiline ? '\n' : ' ')
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '')
    .replace(BIDI_CONTROLS, '')
}
