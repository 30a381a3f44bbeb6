/** The search box's text: the list follows each keystroke, the URL follows once typing pauses. */
import { useEffect, useRef, useState } from 'react'

/**
 * How long typing pauses before the URL takes the search. Browsers cap history updates (Safari
 * throws after 100 in 10 s), and a reload or a shared link needs only the settled words.
 */
export const URL_WRITE_DELAY_MS = 300

/** A search as the URL keeps it: blank is no search. */
const settled = (text: string) => (text.trim() === '' ? '' : text)

/**
 * `[text, setText]` for the search box, starting from the URL's `q`. The text changes at once;
 * `write(q)` puts it in the URL after a pause. A `q` the URL gets from elsewhere (Back, a link,
 * "Show all events") replaces the text.
 */
export function useSearchText(
  q: string | undefined,
  write: (q: string | undefined) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(q ?? '')
  // What the URL holds, or is about to: a `q` equal to it is this box's own echo.
  const sent = useRef(q ?? '')
  const writeRef = useRef(write)
  writeRef.current = write

  useEffect(() => {
    const fromUrl = q ?? ''
    if (fromUrl === sent.current) return
    sent.current = fromUrl
    setText(fromUrl)
  }, [q])

  useEffect(() => {
    const wanted = settled(text)
    if (wanted === sent.current) return
    const timer = setTimeout(() => {
      sent.current = wanted
      writeRef.current(wanted === '' ? undefined : wanted)
    }, URL_WRITE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])

  return [text, setText]
}
