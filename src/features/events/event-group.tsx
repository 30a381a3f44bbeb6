/** One group of the home list (Now and upcoming, Past), shown a page of cards at a time. */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PoapEvent } from '../../core/poap-event.ts'
import { EventCard } from './event-card.tsx'

/** Cards a group shows at first and adds with each "Show more" (decision 024). */
export const EVENTS_PAGE_SIZE = 50

/**
 * A long list stays quick to show: only the first page of cards renders, and "Show N more …"
 * adds the next, moving focus to the first card it added so a keyboard or screen reader carries
 * on where the list grew.
 */
export function EventGroup({
  id,
  title,
  showMore,
  events,
}: {
  id: string
  title: string
  /** The button's text adding `count` more of the group's events, e.g. "Show 50 more past events". */
  showMore(count: number): string
  events: PoapEvent[]
}) {
  const { i18n } = useLingui()
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.locale), [i18n.locale])
  const [shown, setShown] = useState(EVENTS_PAGE_SIZE)
  const listRef = useRef<HTMLUListElement>(null)
  // Index of the card to focus once the next page has rendered; null when nothing asked.
  const focusAt = useRef<number | null>(null)
  const visible = events.slice(0, shown)
  const next = Math.min(EVENTS_PAGE_SIZE, events.length - visible.length)
  const shownCount = numbers.format(visible.length)
  const total = numbers.format(events.length)

  useEffect(() => {
    if (focusAt.current === null) return
    const item = listRef.current?.children[focusAt.current]
    focusAt.current = null
    item?.querySelector<HTMLElement>('a')?.focus()
  }, [shown])

  return (
    <section className="event-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="event-grid" ref={listRef}>
        {visible.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
      {next > 0 ? (
        <div className="event-group__more">
          <p className="muted">
            <Trans comment="Under a long list of events: how many of them are shown, e.g. “50 of 120 shown”">
              {shownCount} of {total} shown
            </Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              focusAt.current = visible.length
              setShown(visible.length + EVENTS_PAGE_SIZE)
            }}
          >
            {showMore(next)}
          </button>
        </div>
      ) : null}
    </section>
  )
}
