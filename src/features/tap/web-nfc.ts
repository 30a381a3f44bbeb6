/**
 * The slice of Web NFC (Chrome on Android) the tap page uses: TypeScript's DOM lib has no types
 * for it, so the few members read here are declared here, and the card's link is read from them.
 */

/** One NDEF record; `data` holds the payload (for a URL record, the URL's UTF-8 bytes). */
export interface NDEFRecord {
  readonly recordType: string
  readonly encoding?: string | null
  readonly data?: DataView | null
}

/** The message a card sent. */
export interface NDEFMessage {
  readonly records: readonly NDEFRecord[]
}

/** What `onreading` receives. */
export interface NDEFReadingEvent extends Event {
  readonly message: NDEFMessage
}

/** A reader; `scan()` resolves once scanning has started, cards then arrive in `onreading`. */
export interface NDEFReader {
  scan(options?: { signal?: AbortSignal }): Promise<void>
  onreading: ((event: NDEFReadingEvent) => void) | null
  onreadingerror: ((event: Event) => void) | null
}

declare global {
  interface Window {
    NDEFReader?: new () => NDEFReader
  }
}

/** True where the browser can scan cards itself. */
export const hasWebNfc = (): boolean => typeof window !== 'undefined' && 'NDEFReader' in window

/** The first URL a card's message holds, decoded; null when it holds none. */
export function readCardUrl(message: NDEFMessage): string | null {
  for (const record of message.records) {
    if (record.recordType !== 'url' && record.recordType !== 'absolute-url') continue
    if (!record.data) continue
    try {
      return new TextDecoder(record.encoding || 'utf-8').decode(record.data)
    } catch {
      continue
    }
  }
  return null
}

/**
 * The query of a card's link when it is this app's `/tap` on this origin (`?uid=…`), else null:
 * a card never sends this page anywhere else.
 */
export function tapSearchOf(url: string, origin: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.origin !== origin || parsed.pathname !== '/tap') return null
  return parsed.search
}
