/**
 * The list's search as the holder changes it: the list follows at once, the URL after. A filter
 * goes to the URL at once; typed words once typing pauses. The router's navigation is never
 * waited for, so a choice's results are on screen in the render that follows it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ListSearch } from '../../core/list-search.ts'

/**
 * How long typing pauses before the URL takes the search. Browsers cap history updates (Safari
 * throws after 100 in 10 s), and a reload or a shared link needs only the settled words.
 */
export const URL_WRITE_DELAY_MS = 300

/** A search as the URL keeps it: blank words are no search. */
export const settled = (search: ListSearch): ListSearch => ({
  ...search,
  q: search.q === undefined || search.q.trim() === '' ? undefined : search.q,
})

/** Two searches that the URL holds alike. */
const keyOf = (search: ListSearch) => {
  const { q, year, when, country, sort } = settled(search)
  return JSON.stringify([q, year, when, country, sort])
}

/**
 * `[search, change]`: the search shown (the words as typed), starting from the URL's `fromUrl`,
 * and a change to it. `write` puts a settled search in the URL. A search the URL gets from
 * elsewhere (Back, a link) replaces the one shown.
 */
export function useListSearch(
  fromUrl: ListSearch,
  write: (search: ListSearch) => void,
): [ListSearch, (patch: Partial<ListSearch>) => void] {
  const [shown, setShown] = useState(fromUrl)
  // The search shown, as the last change left it (a change reads it, not a stale render's).
  const current = useRef(fromUrl)
  // What the URL holds, or is about to: a `fromUrl` alike is this hook's own echo.
  const sent = useRef(keyOf(fromUrl))
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef({ fromUrl, write })
  latest.current = { fromUrl, write }

  const urlKey = keyOf(fromUrl)
  useEffect(() => {
    if (urlKey === sent.current) return
    sent.current = urlKey
    clearTimeout(timer.current)
    current.current = latest.current.fromUrl
    setShown(latest.current.fromUrl)
  }, [urlKey])

  useEffect(() => () => clearTimeout(timer.current), [])

  const change = useCallback((patch: Partial<ListSearch>) => {
    const next = { ...current.current, ...patch }
    current.current = next
    setShown(next)
    clearTimeout(timer.current)
    const key = keyOf(next)
    if (key === sent.current) return
    const send = () => {
      sent.current = key
      latest.current.write(settled(next))
    }
    // Only the words typed wait; a filter, or a search cleared with the rest, goes at once.
    const typing = Object.keys(patch).length === 1 && 'q' in patch
    if (typing) timer.current = setTimeout(send, URL_WRITE_DELAY_MS)
    else send()
  }, [])

  return [shown, change]
}
