/** One group of the home list (Now and upcoming, Past), shown a page of cards at a time. */
import { useEffect, useRef, useState } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import { EventCard } from './event-card.tsx'

/** Cards a group shows at first and adds with each "Show more" (decision 024). */
export const EVENTS_PAGE_SIZE = 50

const count = new Intl.NumberFormat('en')

/**
 * A long list stays quick to show: only the first page of cards renders, and "Show N more …"
 * adds the next, moving focus to the first card it added so a keyboard or screen reader carries
 * on where the list grew.
 */
export function EventGroup({
  id,
  title,
  noun,
  events,
}: {
  id: string
  title: string
  /** What the group's events are called in the button, e.g. "past events". */
  noun: string
  events: PoapEvent[]
}) {
  const [shown, setShown] = useState(EVENTS_PAGE_SIZE)
  const listRef = useRef<HTMLUListElement>(null)
  // Index of the card to focus once the next page has rendered; null when nothing asked.
  const focusAt = useRef<number | null>(null)
  const visible = events.slice(0, shown)
  const next = Math.min(EVENTS_PAGE_SIZE, events.length - visible.length)

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
            {count.format(visible.length)} of {count.format(events.length)} shown
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              focusAt.current = visible.length
              setShown(visible.length + EVENTS_PAGE_SIZE)
            }}
          >
            Show {next} more {noun}
          </button>
        </div>
      ) : null}
    </section>
  )
}
