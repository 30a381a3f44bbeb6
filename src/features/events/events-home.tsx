/** The signed-in home: the holder's events in two groups, with age, offline state and refresh. */
import { groupEvents } from '../../core/poap-event.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { EventGroup } from './event-group.tsx'
import { sortActive, sortPast } from './event-order.ts'
import { formatAge } from './format.ts'
import { useNow } from './use-now.ts'
import './events.css'

/** The list screen; `onRefresh` asks the session host for a fresh list. */
export function EventsHome({ onRefresh }: { onRefresh(): void }) {
  const events = useAppStore((state) => state.events)
  const net = useAppStore((state) => state.net)
  const reach = useAppStore(selectReachability)
  const now = useNow()

  // Grouped at the same `now` as the ages shown: an event of unknown status moves by its dates.
  const groups = groupEvents(events.list ?? [], now)
  // Without a list, a skeleton only makes sense while one can still arrive.
  const waiting = events.list === null && reach === 'online' && !events.error

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
      <p className="muted events-age" data-testid="events-age">
        {/* Only the connection's state is announced: the age ticks on every minute. */}
        <span aria-live="polite">
          {reach !== 'online' ? (
            <span className="badge badge--offline">
              {reach === 'unreachable' ? 'Can’t reach IYK Cards' : 'Offline'}
            </span>
          ) : null}
        </span>{' '}
        {/* The age sits inside an English sentence, so it is English too until the app speaks the
            holder's language (issue 26): never "Updated hace 5 minutos". */}
        {events.fetchedAt !== null
          ? `${reach === 'online' ? 'Updated' : 'updated'} ${formatAge(events.fetchedAt, now, 'en')}`
          : null}
      </p>
      {net.pendingTaps.length > 0 ? (
        <p className="muted" data-testid="pending-taps" role="status">
          {net.pendingTaps.length === 1
            ? '1 card tap is saved and will be added when the connection is back.'
            : `${net.pendingTaps.length} card taps are saved and will be added when the connection is back.`}
        </p>
      ) : null}
      {events.error ? (
        <p className="notice notice--error" role="alert">
          {events.error}
          {events.list ? ' Showing the last list.' : ' Try Refresh in a moment.'}
        </p>
      ) : null}
      {events.list === null && reach !== 'online' ? (
        <div className="card empty">
          <h2>{reach === 'unreachable' ? 'Can’t reach IYK Cards' : 'You are offline'}</h2>
          <p className="muted">
            {reach === 'unreachable'
              ? 'Your events will appear here once the connection works again.'
              : 'Your events will appear here when you are back online.'}
          </p>
        </div>
      ) : null}
      {waiting ? (
        <div className="event-grid" aria-busy="true" aria-label="Loading your events" role="status">
          {[0, 1, 2].map((key) => (
            <div key={key} className="card event-card event-card--skeleton shimmer" />
          ))}
        </div>
      ) : events.list?.length === 0 ? (
        <div className="card empty">
          <h2>No events yet</h2>
          <p className="muted">
            At an event, hold your card to the back of your phone and open the link it shows. The
            event’s collectible then appears here.
          </p>
        </div>
      ) : null}
      {groups.active.length > 0 ? (
        <EventGroup
          id="group-now"
          title="Now and upcoming"
          noun="upcoming events"
          events={sortActive(groups.active)}
        />
      ) : null}
      {groups.inactive.length > 0 ? (
        <EventGroup
          id="group-past"
          title="Past"
          noun="past events"
          events={sortPast(groups.inactive)}
        />
      ) : null}
    </section>
  )
}
