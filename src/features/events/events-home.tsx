/**
 * The signed-in home: the holder's events, searched and filtered as the URL says, now and upcoming
 * first and the past by year, with age, offline state and refresh.
 */
import { useCallback, useEffect, useMemo } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'
import { browseEvents } from '../../core/event-browse.ts'
import { prepareSearch } from '../../core/event-search.ts'
import { idleAfter } from '../../shared/idle-after.ts'
import type { ListSearch } from '../../core/list-search.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { eventsErrorText } from '../../shared/events-error.ts'
import { EventList } from './event-list.tsx'
import { formatAge } from './format.ts'
import { ListControls } from './list-controls.tsx'
import { useAppBadge } from './use-app-badge.ts'
import { useNow } from './use-now.ts'
import { settled, useListSearch } from './use-list-search.ts'
import './events.css'

/** Everything but the order: what "Show all events" clears. */
const UNFILTERED = { q: undefined, year: undefined, when: undefined, country: undefined }

/**
 * The list screen. `onRefresh` asks the session host for a fresh list; `search` is the URL's,
 * and `onSearch` puts a new one there (a field undefined leaves the URL).
 */
export function EventsHome({
  onRefresh,
  search,
  onSearch,
}: {
  onRefresh(): void
  search: ListSearch
  onSearch(search: ListSearch): void
}) {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Your events`)
  const events = useAppStore((state) => state.events)
  const net = useAppStore((state) => state.net)
  const reach = useAppStore(selectReachability)
  const now = useNow()
  // The search shown, ahead of the URL: the list follows each keystroke and each choice in the
  // render that follows it, and the cards it keeps are not rendered again (EventList and
  // EventCard are memoised; npm run bench:long-list times it on a phone's CPU).
  const [shown, change] = useListSearch(search, onSearch)
  const wanted = useMemo(() => settled(shown), [shown])
  // Browsed at the same `now` as the ages shown: an event of unknown status moves by its dates.
  const list = useMemo(
    () => browseEvents(events.list ?? [], wanted, now),
    [events.list, wanted, now],
  )
  const everything = useMemo(() => browseEvents(events.list ?? [], {}, now), [events.list, now])
  useAppBadge(events.list === null ? null : everything.happening.size)
  const total = events.list?.length ?? 0
  // The search's text of each event, read while the page is idle rather than on the first key.
  useEffect(() => {
    const list = events.list
    if (list !== null) void idleAfter(Promise.resolve()).then(() => prepareSearch(list))
  }, [events.list])
  const showAll = useCallback(() => change(UNFILTERED), [change])
  // Without a list, a skeleton only makes sense while one can still arrive.
  const waiting = events.list === null && reach === 'online' && !events.error
  // In the app's language, as the sentence around it: never "Updated hace 5 minutos".
  const age = events.fetchedAt === null ? null : formatAge(events.fetchedAt, now, i18n.locale)
  const pendingTaps = net.pendingTaps.length
  const error = events.error === null ? null : eventsErrorText(events.error, i18n)

  return (
    <section className="page" aria-labelledby="events-title">
      <div className="page-header">
        <h1 id="events-title" tabIndex={-1}>
          <Trans>Your events</Trans>
        </h1>
        <button
          type="button"
          className="button button--small"
          onClick={onRefresh}
          disabled={net.refreshing}
        >
          {net.refreshing ? (
            <Trans comment="The Refresh button while a refresh runs">Refreshing…</Trans>
          ) : (
            <Trans comment="Button: fetches the list of events again">Refresh</Trans>
          )}
        </button>
      </div>
      <p className="muted events-age" data-testid="events-age">
        {/* Only the connection's state is announced: the age ticks on every minute. */}
        <span aria-live="polite">
          {reach !== 'online' ? (
            <span className="badge badge--offline">
              {reach === 'unreachable' ? (
                <Trans>Can’t reach IYK Cards</Trans>
              ) : (
                <Trans comment="Badge: the device has no network">Offline</Trans>
              )}
            </span>
          ) : null}
        </span>{' '}
        {age === null ? null : reach === 'online' ? (
          <Trans comment="When the list was fetched, e.g. “Updated 5 minutes ago”, “Updated now”">
            Updated {age}
          </Trans>
        ) : (
          <Trans comment="After the “Offline” or “Can’t reach IYK Cards” badge, so it starts in lower case: “updated 5 minutes ago”">
            updated {age}
          </Trans>
        )}
      </p>
      {pendingTaps > 0 ? (
        <p className="muted" data-testid="pending-taps" role="status">
          <Plural
            value={pendingTaps}
            one="# card tap is saved and will be added when the connection is back."
            other="# card taps are saved and will be added when the connection is back."
          />
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}{' '}
          {events.list ? (
            <Trans>Showing the last list.</Trans>
          ) : (
            <Trans comment="“Refresh” is the button at the top of the list">
              Try Refresh in a moment.
            </Trans>
          )}
        </p>
      ) : null}
      {events.list === null && reach !== 'online' ? (
        <div className="card empty">
          <h2>
            {reach === 'unreachable' ? (
              <Trans>Can’t reach IYK Cards</Trans>
            ) : (
              <Trans>You are offline</Trans>
            )}
          </h2>
          <p className="muted">
            {reach === 'unreachable' ? (
              <Trans>Your events will appear here once the connection works again.</Trans>
            ) : (
              <Trans>Your events will appear here when you are back online.</Trans>
            )}
          </p>
        </div>
      ) : null}
      {waiting ? (
        <div
          className="event-grid"
          aria-busy="true"
          aria-label={t`Loading your events`}
          role="status"
        >
          {[0, 1, 2].map((key) => (
            <div key={key} className="card event-card event-card--skeleton shimmer" />
          ))}
        </div>
      ) : events.list?.length === 0 ? (
        <div className="card empty">
          <h2>
            <Trans>No events yet</Trans>
          </h2>
          <p className="muted">
            <Trans>
              At an event, hold your card to the back of your phone and open the link it shows. The
              event’s collectible then appears here.
            </Trans>
          </p>
        </div>
      ) : null}
      {total > 0 ? (
        <ListControls
          search={wanted}
          text={shown.q ?? ''}
          onSearch={change}
          browsed={list}
          total={total}
        />
      ) : null}
      <EventList list={list} query={wanted.q} total={total} onShowAll={showAll} />
    </section>
  )
}
