/**
 * The card-tap page, where a card's link lands (installed app or browser tab): checks the tap's
 * format, then hands a signed-in holder's tap to the session host, which refreshes their events
 * and keeps the tap until a refresh succeeds (offline, lie-fi, a service down); asks an anonymous
 * visitor to sign in and come back. "Scan card" reads a card where Web NFC exists.
 *
 * The tap's parameters are only shown, as text, and kept on this device by the session host
 * until settled: nothing sends them anywhere. If they are ever sent, it must be to the cards
 * origin only (DESIGN.md).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import {
  parseTapParams,
  type TapFormat,
  type TapInvalidReason,
  type TapParams,
} from '../../core/tap-params.ts'
import { selectReachability } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { useTapRefresh, type TapRefresh } from './use-tap-refresh.ts'
import { hasWebNfc, readCardUrl, tapSearchOf } from './web-nfc.ts'
import './tap.css'

/** Props: the tap's raw query, and what the route lets the page do. */
export interface TapPageProps {
  /** The query exactly as in the address bar (`?uid=…`): never re-serialised by the router. */
  search: string
  /** Hands the tap (its query) to the session host, which refreshes and keeps it until settled. */
  onTap(search: string): void
  /** Opens `/tap` with a card's query (read by "Scan card"). */
  onOpenTap(search: string): void
}

/** The link's format in words, with its parameters for whoever helps the holder. */
const FORMAT_LABEL: Record<TapFormat, string> = {
  e: 'Encrypted link (e)',
  'picc_data+cmac': 'Encrypted, signed link (picc_data, cmac)',
  'uid+ctr+cmac': 'Signed link (uid, ctr, cmac)',
  'p+c': 'Encrypted, signed link (p, c)',
}

/** Why the link is not a tap, in words (the parameter name is user input: shown as text, cut short). */
function reasonText(reason: TapInvalidReason, param?: string): string {
  const name = param ? `“${param.slice(0, 24)}”` : 'A part'
  switch (reason) {
    case 'empty':
      return 'It carries no card data.'
    case 'malformed':
      return 'Its card data cannot be read.'
    case 'unknown-parameter':
      return `It has a part cards never send: ${name}.`
    case 'duplicate-parameter':
      return `${name} appears more than once.`
    case 'mixed-formats':
      return 'It mixes parts of different card formats.'
    case 'missing-parameter':
      return param ? `${name} is missing.` : 'Part of the card data is missing.'
    case 'not-hex':
      return `${name} is not a hexadecimal code.`
    case 'wrong-length':
      return `${name} has the wrong length.`
  }
}

/**
 * Marks the "Sign in to collect" link: the first-paint frame's copy is built without the tap, so
 * the page's frame script gives it this visit's query (src/app/prerender.tsx).
 */
export const TAP_SIGN_IN_ATTRIBUTE = 'data-tap-sign-in'

/** Where an anonymous holder signs in, to come back to this tap. */
export const tapSignInHref = (search: string) =>
  `/auth/email?redirect=${encodeURIComponent('/tap' + search)}`

/**
 * The tap page before the app has read the link (the build's first-paint frame): its heading and,
 * for a visitor nobody signed in as here, the same invitation the app will show (its link already
 * works), else the space the answer will take.
 */
export function TapFrame({ anonymous = false }: { anonymous?: boolean }) {
  return (
    <section className="page page--narrow tap" aria-labelledby="tap-title" aria-busy="true">
      <h1 id="tap-title" tabIndex={-1}>
        Card tap
      </h1>
      {anonymous ? (
        <SignInToCollect search="" deviceOnline />
      ) : (
        <div className="card tap__pending" />
      )}
    </section>
  )
}

/** The whole page; its heading stays "Card tap" whatever the link holds. */
export function TapPage({ search, onTap, onOpenTap }: TapPageProps) {
  const tap = useMemo(() => parseTapParams(search), [search])
  return (
    <section className="page page--narrow tap" aria-labelledby="tap-title">
      <h1 id="tap-title" tabIndex={-1}>
        Card tap
      </h1>
      {tap.ok ? (
        <>
          <TapOutcome search={search} onTap={onTap} />
          <CardDetails tap={tap} />
        </>
      ) : (
        <div className="notice notice--error stack tap__invalid" role="alert">
          <h2>This link isn't a valid card tap</h2>
          <p>{reasonText(tap.reason, tap.param)}</p>
          <p className="muted">Tap your card again, or scan it below where your phone can.</p>
          <a className="button" href="/">
            Back to home
          </a>
        </div>
      )}
      <ScanCard onOpenTap={onOpenTap} />
    </section>
  )
}

/**
 * The card's data, folded away: a holder needs none of it, support may ask for it. The link is
 * only well formed here; whether the card is genuine is for the server to say, so nothing here
 * claims it.
 */
function CardDetails({ tap }: { tap: TapParams }) {
  return (
    <details className="card tap__details" data-testid="tap-details">
      <summary>Card details for support</summary>
      <p className="muted tap__format">
        Format: <span>{FORMAT_LABEL[tap.format]}</span>
      </p>
      <dl className="tap__params">
        {Object.entries(tap.params).map(([name, value]) => (
          <div key={name} className="tap__param">
            <dt>{name}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** What happens with a valid tap: depends on who is here, then on how its refresh went. */
function TapOutcome({ search, onTap }: { search: string; onTap(search: string): void }) {
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
function SignInToCollect({ search, deviceOnline }: { search: string; deviceOnline: boolean }) {
  return (
    <div className="card stack">
      <h2>Collect this tap</h2>
      <p>Sign in to add this card's events to your list. You will come back here afterwards.</p>
      {!deviceOnline ? (
        <p className="muted">You are offline: sign in once you are back online.</p>
      ) : null}
      <a
        className="button button--primary"
        href={tapSignInHref(search)}
        {...{ [TAP_SIGN_IN_ATTRIBUTE]: '' }}
      >
        Sign in to collect
      </a>
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
      <a className="button" href="/">
        See all your events
      </a>
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
      <a className="button" href="/">
        See all your events
      </a>
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
            <a href={`/events/${encodeURIComponent(event.id)}`} dir="auto">
              {event.name}
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}

type ScanState = { kind: 'idle' } | { kind: 'scanning' } | { kind: 'error'; message: string }

const NFC_ERRORS: Record<string, string> = {
  NotAllowedError:
    "NFC permission was refused. Allow NFC for this site in your browser's site settings, then try again.",
  NotSupportedError:
    'This device cannot scan cards: it has no NFC reader. Tap your card on a phone that has one.',
  NotReadableError:
    "NFC is off or unavailable. Turn NFC on in your phone's settings, then try again.",
}

function scanErrorText(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  return NFC_ERRORS[name] ?? 'Scanning did not start. Try again.'
}

/** "Scan card", only where Web NFC exists; the scan stops when the page goes away. */
function ScanCard({ onOpenTap }: { onOpenTap(search: string): void }) {
  const [state, setState] = useState<ScanState>({ kind: 'idle' })
  const scan = useRef<AbortController | null>(null)
  useEffect(() => () => scan.current?.abort(), [])
  if (!hasWebNfc()) return null

  const stop = () => {
    scan.current?.abort()
    scan.current = null
  }

  async function start() {
    stop()
    const controller = new AbortController()
    scan.current = controller
    setState({ kind: 'scanning' })
    try {
      const Reader = window.NDEFReader
      if (!Reader) throw new DOMException('Web NFC is gone', 'NotSupportedError')
      const reader = new Reader()
      reader.onreading = (event) => {
        const url = readCardUrl(event.message)
        const search = url === null ? null : tapSearchOf(url, window.location.origin)
        stop()
        if (search === null) {
          setState({
            kind: 'error',
            message:
              url === null
                ? 'That card holds no link. Try another card.'
                : 'That card links somewhere else, not to an IYK Cards tap.',
          })
          return
        }
        setState({ kind: 'idle' })
        onOpenTap(search)
      }
      reader.onreadingerror = () => {
        stop()
        setState({
          kind: 'error',
          message: 'That card could not be read. Hold it still against your phone and try again.',
        })
      }
      await reader.scan({ signal: controller.signal })
    } catch (error) {
      if (controller.signal.aborted) return
      stop()
      setState({ kind: 'error', message: scanErrorText(error) })
    }
  }

  return (
    <div className="stack tap__scan">
      {state.kind === 'scanning' ? (
        <>
          <p role="status">Hold your card against the back of your phone…</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              stop()
              setState({ kind: 'idle' })
            }}
          >
            Stop scanning
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary" onClick={() => void start()}>
          Scan card
        </button>
      )}
      {state.kind === 'error' ? (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  )
}
