/**
 * Finding events as holders type: case-, accent- and width-insensitive in every language (`sao`
 * finds São Paulo, `zurich` Zürich, full-width letters and digits match their plain forms),
 * substrings anywhere (Japanese has no spaces between words), every word of the query somewhere
 * in the event's name, place or description.
 */
import type { PoapEvent } from './poap-event.ts'

/** Letters no decomposition takes apart, as a reader would type them. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' }

/**
 * Text as it is compared: compatibility forms unified (NFKC: full width, ligatures), lower case,
 * the accents of Latin, Greek and Cyrillic letters removed (U+0300–U+036F; a kana's voicing
 * marks stay: か is not が), the letters of `FOLDED` spelled out, runs of space made one.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[ßæœøłđı]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim()
}

/** The text of an event a search looks in, as compared, kept per event object. */
const keys = new WeakMap<PoapEvent, string>()

function keyOf(event: PoapEvent): string {
  let key = keys.get(event)
  if (key === undefined) {
    key = searchKey(
      [event.name, event.city, event.country, event.description].filter(Boolean).join('\n'),
    )
    keys.set(event, key)
  }
  return key
}

/**
 * Reads the searched text of every event ahead of the first keystroke (when the list arrives and
 * the page is idle), so that keystroke does not wait for a thousand events to be read.
 */
export function prepareSearch(events: readonly PoapEvent[]): void {
  for (const event of events) keyOf(event)
}

/** Whether `event` holds every word of `query` (an empty query holds for every event). */
export function eventMatcher(query: string): (event: PoapEvent) => boolean {
  const words = searchKey(query).split(' ').filter(Boolean)
  if (words.length === 0) return () => true
  return (event) => {
    const key = keyOf(event)
    return words.every((word) => key.includes(word))
  }
}
