/**
 * What a valid tap leads to: an anonymous visitor is asked to sign in and come back; a signed-in
 * holder's tap is handed to the session host, which refreshes their events (what is new is shown)
 * or keeps the tap until a refresh succeeds.
 */
import { Link } from '@tanstack/react-router'
import type { PoapEvent } from '../../core/poap-event.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { useTapRefresh, type TapRefresh } from './use-tap-refresh.ts'

/**
 * Marks the "Sign in to collect" link: the first-paint frame's copy is built without the tap, so
 * the page's frame script gives it this visit's query (src/app/prerender.tsx).
 */
export const TAP_SIGN_IN_ATTRIBUTE = 'data-tap-sign-in'

/** What happens with a valid tap: depends on who is here, then on how its refresh went. */
export function TapOutcome({ search, onTap }: { search: string; onTap(search: string): void }) {
  const deviceOnline = useAppStore(selectReachability) !== 'offline'
  const status = useAppStore((state) => state.auth.status)
  const kept = useAppStore((state) => state.net.pendingTaps.includes(search))
  const refresh = useTapRefresh(search, onTap, status === 'signed-in')
  if (status === 'unknown') return <div className="card" aria-busy="true" />
  if (status === 'anonymous') return <SignInToCollect search={search} deviceOnline={deviceOnline} />
  if (refresh.done && kept) return <KeptForLater deviceOnline={deviceOnline} />
  return <WhatIsNew refresh={refresh} />
}

/** Nobody is signed in: sign in, then come back to this tap. */
export function SignInToCollect({
  search,
  deviceOnline,
}: {
  search: string
  deviceOnline: boolean
}) {
  return (
    <div className="card stack">
      <h2>Collect this tap</h2>
      <p>Sign in to add this card's events to your list. You will come back here afterwards.</p>
      {!deviceOnline ? (
        <p className="muted">You are offline: sign in once you are back online.</p>
      ) : null}
      <Link
        to="/auth/email"
        search={{ redirect: '/tap' + search }}
        className="button button--primary"
        {...{ [TAP_SIGN_IN_ATTRIBUTE]: '' }}
      >
        Sign in to collect
      </Link>
    </div>
  )
}

/** The refresh did not succeed: the host keeps the tap and settles it when it can. */
function KeptForLater({ deviceOnline }: { deviceOnline: boolean }) {
  return (
    <div className="card stack" role="status" data-testid="tap-kept">
      <h2>Tap saved</h2>
      <p>
        {deviceOnline
          ? "We couldn't reach IYK Cards just now. This tap is saved on your phone and will be added to your events when the connection is back."
          : "You're offline. This tap is saved on your phone and will be added to your events when you're back online."}
      </p>
      <p className="muted">You can close the app: nothing more to do.</p>
      <Link to="/" className="button">
        See all your events
      </Link>
    </div>
  )
}

function WhatIsNew({ refresh }: { refresh: TapRefresh }) {
  const error = useAppStore((state) => state.events.error)
  return (
    <div className="card stack" aria-live="polite" aria-busy={!refresh.done}>
      <h2>Your events</h2>
      {!refresh.done ? (
        <>
          <p>Refreshing your events…</p>
          <div className="progress" aria-hidden="true" />
        </>
      ) : refresh.fresh.length > 0 ? (
        <NewEvents events={refresh.fresh} />
      ) : (
        <p>Nothing new yet.</p>
      )}
      {refresh.done && error ? (
        <p className="notice notice--error" role="alert">
          {error} Your list may not be up to date.
        </p>
      ) : null}
      <Link to="/" className="button">
        See all your events
      </Link>
    </div>
  )
}

function NewEvents({ events }: { events: PoapEvent[] }) {
  return (
    <>
      <p>{events.length === 1 ? 'New in your list:' : `${events.length} new in your list:`}</p>
      <ul className="tap__new" data-testid="tap-new-events">
        {events.map((event) => (
          <li key={event.id}>
            <Link to="/events/$eventId" params={{ eventId: event.id }} dir="auto">
              {event.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
