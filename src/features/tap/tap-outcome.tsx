/**
 * What a valid tap leads to: an anonymous visitor is asked to sign in and come back; a signed-in
 * holder's tap is handed to the session host, which refreshes their events (what is new is shown)
 * or keeps the tap until a refresh succeeds.
 */
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PoapEvent } from '../../core/poap-event.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { eventsErrorText } from '../../shared/events-error.ts'
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
      <h2>
        <Trans>Collect this tap</Trans>
      </h2>
      <p>
        <Trans>
          Sign in to add this card's events to your list. You will come back here afterwards.
        </Trans>
      </p>
      {!deviceOnline ? (
        <p className="muted">
          <Trans>You are offline: sign in once you are back online.</Trans>
        </p>
      ) : null}
      <Link
        to="/auth/email"
        search={{ redirect: '/tap' + search }}
        className="button button--primary"
        {...{ [TAP_SIGN_IN_ATTRIBUTE]: '' }}
      >
        <Trans>Sign in to collect</Trans>
      </Link>
    </div>
  )
}

/** The refresh did not succeed: the host keeps the tap and settles it when it can. */
function KeptForLater({ deviceOnline }: { deviceOnline: boolean }) {
  return (
    <div className="card stack" role="status" data-testid="tap-kept">
      <h2>
        <Trans comment="Heading: a card tap is kept on the phone until it can be added">
          Tap saved
        </Trans>
      </h2>
      <p>
        {deviceOnline ? (
          <Trans>
            We couldn't reach IYK Cards just now. This tap is saved on your phone and will be added
            to your events when the connection is back.
          </Trans>
        ) : (
          <Trans>
            You're offline. This tap is saved on your phone and will be added to your events when
            you're back online.
          </Trans>
        )}
      </p>
      <p className="muted">
        <Trans>You can close the app: nothing more to do.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>See all your events</Trans>
      </Link>
    </div>
  )
}

function WhatIsNew({ refresh }: { refresh: TapRefresh }) {
  const { i18n } = useLingui()
  const error = useAppStore((state) => state.events.error)
  return (
    <div className="card stack" aria-live="polite" aria-busy={!refresh.done}>
      <h2>
        <Trans>Your events</Trans>
      </h2>
      {!refresh.done ? (
        <>
          <p>
            <Trans>Refreshing your events…</Trans>
          </p>
          <div className="progress" aria-hidden="true" />
        </>
      ) : refresh.fresh.length > 0 ? (
        <NewEvents events={refresh.fresh} />
      ) : (
        <p>
          <Trans>Nothing new yet.</Trans>
        </p>
      )}
      {refresh.done && error ? (
        <p className="notice notice--error" role="alert">
          {eventsErrorText(error, i18n)} <Trans>Your list may not be up to date.</Trans>
        </p>
      ) : null}
      <Link to="/" className="button">
        <Trans>See all your events</Trans>
      </Link>
    </div>
  )
}

function NewEvents({ events }: { events: PoapEvent[] }) {
  const count = events.length
  return (
    <>
      <p>
        <Plural
          value={count}
          _1="New in your list:"
          other="# new in your list:"
          comment="Above the events a card tap just added to the holder's list"
        />
      </p>
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
