/** One event's detail page, from the event list the session host last delivered. */
import { Link, useRouter } from '@tanstack/react-router'
import type { PoapEvent } from '../../core/poap-event.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { EventImage } from './event-image.tsx'
import { statusMeaning } from './event-status.ts'
import { formatDateTimes, formatPlace } from './format.ts'
import { httpUrl } from './safe-url.ts'
import { ShareEvent } from './share-event.tsx'
import { StatusBadge } from './status-badge.tsx'
import './events.css'

/** Shows event `eventId`, a skeleton while the list is on its way, or a clear "not found". */
export function EventDetailPage({ eventId }: { eventId: string }) {
  const list = useAppStore((state) => state.events.list)
  const error = useAppStore((state) => state.events.error)
  const online = useAppStore(selectReachability) === 'online'

  if (list === null) {
    // A skeleton only while a list can still arrive; otherwise say why nothing shows.
    if (online && !error) return <DetailSkeleton />
    return (
      <Unavailable
        reason={
          online
            ? `${error ?? ''} Try again in a moment.`.trim()
            : 'You are offline and this device has no saved list yet. Try again when you are back online.'
        }
      />
    )
  }
  const event = list.find((candidate) => candidate.id === eventId)
  return event ? <EventDetail event={event} /> : <EventNotFound />
}

function BackLink() {
  return (
    <Link to="/" className="back-link">
      <span aria-hidden="true">←</span> Your events
    </Link>
  )
}

function EventDetail({ event }: { event: PoapEvent }) {
  const router = useRouter()
  const path = router.buildLocation({ to: '/events/$eventId', params: { eventId: event.id } }).href
  const shareUrl = new URL(path, window.location.origin).href
  const eventUrl = httpUrl(event.eventUrl)
  const dates = formatDateTimes(event)
  const place = formatPlace(event)

  return (
    <article className="page page--narrow event-detail" aria-labelledby="event-title">
      <BackLink />
      <header className="event-detail__header">
        <EventImage event={event} size={160} className="event-detail__image" lazy={false} />
        <div className="event-detail__heading">
          {event.status !== null ? <StatusBadge status={event.status} /> : null}
          {/* Outside text takes its own direction: a right-to-left name reorders nothing. */}
          <h1 id="event-title" tabIndex={-1} dir="auto">
            {event.name}
          </h1>
          {event.status !== null ? <p className="muted">{statusMeaning(event.status)}</p> : null}
        </div>
      </header>
      <dl className="event-detail__facts card">
        <div>
          <dt>When</dt>
          <dd>{dates}</dd>
        </div>
        {place ? (
          <div>
            <dt>Where</dt>
            <dd dir="auto">{place}</dd>
          </div>
        ) : null}
      </dl>
      {event.description ? (
        <p className="event-detail__description" dir="auto">
          {event.description}
        </p>
      ) : null}
      <div className="event-detail__actions">
        <ShareEvent title={event.name} url={shareUrl} />
        {eventUrl ? (
          <a className="button" href={eventUrl} target="_blank" rel="noopener noreferrer">
            Event website
            <span className="visually-hidden"> (opens in a new tab)</span>
            <span aria-hidden="true">↗</span>
          </a>
        ) : null}
      </div>
    </article>
  )
}

function DetailSkeleton() {
  return (
    <section
      className="page page--narrow event-detail"
      aria-labelledby="event-title"
      aria-busy="true"
    >
      <BackLink />
      <div className="event-detail__header">
        <div className="event-detail__image shimmer" />
        <div className="event-detail__heading">
          <h1 id="event-title" tabIndex={-1} className="event-detail__loading">
            Loading event…
          </h1>
        </div>
      </div>
      <div className="card shimmer event-detail__skeleton-facts" />
    </section>
  )
}

function EventNotFound() {
  return (
    <section className="page page--center" aria-labelledby="event-title">
      <h1 id="event-title" tabIndex={-1}>
        Event not found
      </h1>
      <p className="lede">
        This event is not in your list. The link may be mistyped, or the event belongs to another
        account.
      </p>
      <Link to="/" className="button">
        Back to your events
      </Link>
    </section>
  )
}

function Unavailable({ reason }: { reason: string }) {
  return (
    <section className="page page--center" aria-labelledby="event-title">
      <h1 id="event-title" tabIndex={-1}>
        This event can’t be shown right now
      </h1>
      <p className="lede">{reason}</p>
      <Link to="/" className="button">
        Back to your events
      </Link>
    </section>
  )
}
