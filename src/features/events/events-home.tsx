/** The signed-in home: the holder's events in two groups, with age, offline state and refresh. */
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { groupEvents, type PoapEvent } from '../../core/poap-event.ts'
import { selectHasActiveEvents, selectHasInactiveEvents } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { formatAge, formatDates, formatPlace } from './format.ts'

const STATUS_LABEL: Record<PoapEvent['status'], string> = {
  active: 'Active',
  'pending-approval': 'Pending approval',
  future: 'Upcoming',
  expired: 'Ended',
  rejected: 'Rejected',
}

/** Re-renders every 30 s so "updated N min ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** The list screen; `onRefresh` asks the session host for a fresh list. */
export function EventsHome({ onRefresh }: { onRefresh(): void }) {
  const events = useAppStore((state) => state.events)
  const net = useAppStore((state) => state.net)
  const hasActive = useAppStore(selectHasActiveEvents)
  const hasInactive = useAppStore(selectHasInactiveEvents)
  const now = useNow()

  const list = events.list ?? []
  const groups = groupEvents(list)
  // Active: soonest first. Past: most recent first.
  const active = groups.active.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))
  const past = groups.inactive.sort((a, b) => Date.parse(b.endDate) - Date.parse(a.endDate))
  // Without a list, a skeleton only makes sense while one can still arrive.
  const waiting = events.list === null && net.online && !events.error

  return (
    <section className="page" aria-labelledby="events-title">
      <div className="page-header">
        <h1 id="events-title" tabIndex={-1}>
          Your events
        </h1>
        <button
          type="button"
          className="button button--small"
          onClick={onRefresh}
          disabled={net.refreshing}
        >
          {net.refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="muted" data-testid="events-age" aria-live="polite">
        {!net.online ? <span className="badge badge--offline">Offline</span> : null}{' '}
        {events.fetchedAt !== null
          ? `${net.online ? 'Updated' : 'updated'} ${formatAge(events.fetchedAt, now)}`
          : null}
      </p>
      {events.error ? (
        <p className="notice notice--error" role="alert">
          {events.error}
          {events.list ? ' Showing the last list.' : ' Try Refresh in a moment.'}
        </p>
      ) : null}
      {events.list === null && !net.online ? (
        <div className="card empty">
          <h2>You are offline</h2>
          <p className="muted">Your events will appear here when you are back online.</p>
        </div>
      ) : null}
      {waiting ? (
        <div className="event-grid" aria-busy="true" aria-label="Loading your events">
          {[0, 1, 2].map((key) => (
            <div key={key} className="card event-card event-card--skeleton" />
          ))}
        </div>
      ) : events.list?.length === 0 ? (
        <div className="card empty">
          <h2>No events yet</h2>
          <p className="muted">
            Tap your card on your phone at an event: its collectible shows up here.
          </p>
        </div>
      ) : null}
      {hasActive ? <EventGroup title="Active" events={active} /> : null}
      {hasInactive ? <EventGroup title="Past" events={past} /> : null}
    </section>
  )
}

function EventGroup({ title, events }: { title: string; events: PoapEvent[] }) {
  const id = `group-${title.toLowerCase()}`
  return (
    <section className="event-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="event-grid">
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function EventCard({ event }: { event: PoapEvent }) {
  const [imageFailed, setImageFailed] = useState(false)
  const place = formatPlace(event)
  return (
    <Link
      to="/events/$eventId"
      params={{ eventId: event.id }}
      className="card event-card"
      data-testid="event-card"
    >
      {event.imageUrl && !imageFailed ? (
        <img
          className="event-card__image"
          src={event.imageUrl}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      ) : (
        <div className="event-card__image event-card__image--fallback" aria-hidden="true">
          {event.name.slice(0, 1)}
        </div>
      )}
      <div className="event-card__body">
        <span className={`badge badge--${event.status}`}>{STATUS_LABEL[event.status]}</span>
        <h3 className="event-card__name">{event.name}</h3>
        <p className="muted">{formatDates(event)}</p>
        {place ? <p className="muted">{place}</p> : null}
      </div>
    </Link>
  )
}
