/** One event's detail page, from the event list the session host last delivered. */
import type { ReactNode } from 'react'
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'
import type { PoapEvent } from '../../core/poap-event.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { eventsErrorText } from '../../shared/events-error.ts'
import { EventImage } from './event-image.tsx'
import { statusMeaning } from './event-status.ts'
import { formatDateTimes, formatPlace } from './format.ts'
import { httpUrl } from './safe-url.ts'
import { ShareEvent } from './share-event.tsx'
import { AddToCalendar, notEnded } from './add-to-calendar.tsx'
import { useNow } from './use-now.ts'
import { StatusBadge } from './status-badge.tsx'
import './events.css'

/** Shows event `eventId`, a skeleton while the list is on its way, or a clear "not found". */
export function EventDetailPage({ eventId }: { eventId: string }) {
  const list = useAppStore((state) => state.events.list)
  const { i18n, t } = useLingui()
  useDocumentTitle(list?.find((event) => event.id === eventId)?.name ?? t`Event`)
  const error = useAppStore((state) => state.events.error)
  const online = useAppStore(selectReachability) === 'online'

  if (list === null) {
    // A skeleton only while a list can still arrive; otherwise say why nothing shows.
    if (online && !error) return <DetailSkeleton />
    return (
      <Unavailable
        reason={
          online ? (
            <>
              {error ? `${eventsErrorText(error, i18n)} ` : null}
              <Trans>Try again in a moment.</Trans>
            </>
          ) : (
            <Trans>
              You are offline and this device has no saved list yet. Try again when you are back
              online.
            </Trans>
          )
        }
      />
    )
  }
  const event = list.find((candidate) => candidate.id === eventId)
  return event ? <EventDetail event={event} /> : <EventNotFound />
}

/**
 * Back to the list. Come from it, the link goes back in history, so the list returns as it was
 * left (its search and filters, its scroll); opened from a link, it opens the list.
 */
function BackLink() {
  const canGoBack = useCanGoBack()
  const router = useRouter()
  return (
    <Link
      to="/"
      className="back-link"
      onClick={(event) => {
        if (!canGoBack || event.button !== 0 || event.metaKey || event.ctrlKey) return
        if (event.shiftKey || event.altKey) return
        event.preventDefault()
        router.history.back()
      }}
    >
      <span aria-hidden="true">←</span> <Trans comment="Link back to the list">Your events</Trans>
    </Link>
  )
}

function EventDetail({ event }: { event: PoapEvent }) {
  const { i18n } = useLingui()
  const router = useRouter()
  const path = router.buildLocation({ to: '/events/$eventId', params: { eventId: event.id } }).href
  const shareUrl = new URL(path, window.location.origin).href
  const eventUrl = httpUrl(event.eventUrl)
  const dates = formatDateTimes(event, undefined, i18n.locale)
  const place = formatPlace(event)
  const now = useNow(60_000)

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
          {event.status !== null ? (
            <p className="muted">{statusMeaning(event.status, i18n)}</p>
          ) : null}
        </div>
      </header>
      <dl className="event-detail__facts card">
        <div>
          <dt>
            <Trans comment="Label of an event's dates">When</Trans>
          </dt>
          <dd>{dates}</dd>
        </div>
        {place ? (
          <div>
            <dt>
              <Trans comment="Label of an event's place">Where</Trans>
            </dt>
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
        {notEnded(event, now) ? <AddToCalendar event={event} /> : null}
        {eventUrl ? (
          <a className="button" href={eventUrl} target="_blank" rel="noopener noreferrer">
            <Trans>Event website</Trans>
            <span className="visually-hidden">
              {' '}
              <Trans comment="Read by screen readers after a link's name">
                (opens in a new tab)
              </Trans>
            </span>
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
            <Trans>Loading event…</Trans>
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
        <Trans>Event not found</Trans>
      </h1>
      <p className="lede">
        <Trans>
          This event is not in your list. The link may be mistyped, or the event belongs to another
          account.
        </Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Back to your events</Trans>
      </Link>
    </section>
  )
}

function Unavailable({ reason }: { reason: ReactNode }) {
  return (
    <section className="page page--center" aria-labelledby="event-title">
      <h1 id="event-title" tabIndex={-1}>
        <Trans>This event can’t be shown right now</Trans>
      </h1>
      <p className="lede">{reason}</p>
      <Link to="/" className="button">
        <Trans>Back to your events</Trans>
      </Link>
    </section>
  )
}
