/** One event in the home list: image, status, name, dates and place (what it has), linking to its detail. */
import { memo } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PoapEvent } from '../../core/poap-event.ts'
import { EventImage } from './event-image.tsx'
import { formatDates, formatPlace } from './format.ts'
import { StatusBadge } from './status-badge.tsx'

/**
 * Outside text (name, place) takes its own direction (`dir="auto"`): a right-to-left name reads
 * right to left and reorders nothing around it.
 *
 * The whole card is one link to the event's detail page. It renders again only when its event
 * changes (the store keeps an unchanged event the same object across refreshes) or the language
 * does (its dates and place are written in it).
 */
export const EventCard = memo(function EventCard({
  event,
  happening = false,
  level = 3,
}: {
  event: PoapEvent
  /** Whether its dates include today: marked "Happening now". */
  happening?: boolean
  /** Its name's heading level: 4 under a year's heading. */
  level?: 3 | 4
}) {
  const { i18n } = useLingui()
  const Name = level === 4 ? 'h4' : 'h3'
  const dates = formatDates(event, undefined, i18n.locale)
  const place = formatPlace(event)
  return (
    <Link
      to="/events/$eventId"
      params={{ eventId: event.id }}
      className="card event-card"
      data-testid="event-card"
    >
      <EventImage event={event} size={96} className="event-card__image" />
      <div className="event-card__body">
        {happening ? (
          <>
            <span className="badge badge--now">
              <Trans comment="Badge on an event whose dates include today">Happening now</Trans>
            </span>{' '}
          </>
        ) : null}
        {event.status !== null ? <StatusBadge status={event.status} /> : null}
        <Name className="event-card__name" dir="auto">
          {event.name}
        </Name>
        <p className="muted">{dates}</p>
        {place ? (
          <p className="muted" dir="auto">
            {place}
          </p>
        ) : null}
      </div>
    </Link>
  )
})
