/** One group of the home list (Now and upcoming, Past by year), shown a page of cards at a time. */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PoapEvent } from '../../core/poap-event.ts'
import { EventCard } from './event-card.tsx'

/** Cards a group shows at first and adds with each "Show more" (decision 024). */
export const EVENTS_PAGE_SIZE = 50

/** A run of the group's events under its own heading (a year), or under none. */
export interface EventSection {
  key: string
  heading: ReactNode | null
  events: PoapEvent[]
}

/**
 * A long list stays quick to show: only the first page of cards renders, across the group's
 * sections in order, and "Show N more …" adds the next, moving focus to the first card it added
 * so a keyboard or screen reader carries on where the list grew. A section's heading shows once
 * its first card does.
 */
export function EventGroup({
  id,
  title,
  showMore,
  sections,
  happening,
}: {
  id: string
  title: string
  /** The button's text adding `count` more of the group's events, e.g. "Show 50 more past events". */
  showMore(count: number): string
  sections: EventSection[]
  /** Ids of the events to mark as happening now. */
  happening?: ReadonlySet<string>
}) {
  const { i18n } = useLingui()
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.locale), [i18n.locale])
  const [shown, setShown] = useState(EVENTS_PAGE_SIZE)
  const groupRef = useRef<HTMLElement>(null)
  // Place of the card to focus once the next page has rendered; null when nothing asked.
  const focusAt = useRef<number | null>(null)
  const count = sections.reduce((sum, section) => sum + section.events.length, 0)
  const visible = Math.min(shown, count)
  const next = Math.min(EVENTS_PAGE_SIZE, count - visible)
  const shownCount = numbers.format(visible)
  const total = numbers.format(count)

  useEffect(() => {
    if (focusAt.current === null) return
    const card = groupRef.current?.querySelector<HTMLElement>(`[data-place="${focusAt.current}"] a`)
    focusAt.current = null
    card?.focus()
  }, [shown])

  let place = 0
  const lists = sections.map((section) => {
    const from = place
    const cards = section.events.slice(0, Math.max(0, visible - from))
    place += section.events.length
    if (cards.length === 0) return null
    return (
      <div key={section.key} className="event-section">
        {section.heading}
        <ul className="event-grid">
          {cards.map((event, i) => (
            <li key={event.id} data-place={from + i}>
              <EventCard
                event={event}
                happening={happening?.has(event.id) ?? false}
                level={section.heading === null ? 3 : 4}
              />
            </li>
          ))}
        </ul>
      </div>
    )
  })

  return (
    <section className="event-group" aria-labelledby={id} ref={groupRef}>
      <h2 id={id}>{title}</h2>
      {lists}
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
              focusAt.current = visible
              setShown(visible + EVENTS_PAGE_SIZE)
            }}
          >
            {showMore(next)}
          </button>
        </div>
      ) : null}
    </section>
  )
}
