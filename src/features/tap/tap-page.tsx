/**
 * The card-tap page, where a card's link lands (installed app or browser tab): checks the tap's
 * format, then refreshes the holder's events, asks an anonymous visitor to sign in and come back,
 * or keeps the tap for later when offline. "Scan card" reads a card where Web NFC exists.
 *
 * The tap's parameters are only shown, as text, and kept on this device while offline: this page
 * sends them nowhere. If they are ever sent, it must be to the cards origin only (DESIGN.md).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import {
  parseTapParams,
  type TapFormat,
  type TapInvalidReason,
  type TapParams,
} from '../../core/tap-params.ts'
import { pendingTapStore, type PendingTapStore } from '../../lib/pending-tap.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import { useTapRefresh, type TapRefresh } from './use-tap-refresh.ts'
import { hasWebNfc, readCardUrl, tapSearchOf } from './web-nfc.ts'
import './tap.css'

/** Props: the tap's raw query, and what the route lets the page do. */
export interface TapPageProps {
  /** The query exactly as in the address bar (`?uid=…`): never re-serialised by the router. */
  search: string
  /** Asks the session host for a re-authentication and a fresh event list. */
  onRefresh(): void
  /** Opens `/tap` with a card's query (read by "Scan card"). */
  onOpenTap(search: string): void
  /** Where an offline tap is kept; tests pass their own. */
  pendingTaps?: PendingTapStore
}

const FORMAT_LABEL: Record<TapFormat, string> = {
  e: 'Encrypted (e)',
  'picc_data+cmac': 'Encrypted with signature (picc_data + cmac)',
  'uid+ctr+cmac': 'Signed (uid + ctr + cmac)',
  'p+c': 'Encrypted with signature (p + c)',
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

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * Online as far as both the browser and the session host know. A host that learned it was
 * offline (a failed call) keeps saying so until a call succeeds: while it is trying again, this
 * counts as online, so the page does not flip to "saved" in the middle of the refresh.
 */
function useOnline(): boolean {
  const browser = useSyncExternalStore(subscribeOnline, () => navigator.onLine)
  const host = useAppStore((state) => state.net.online || state.net.refreshing)
  return browser && host
}

/** The whole page; its heading stays "Card tap" whatever the link holds. */
export function TapPage({
  search,
  onRefresh,
  onOpenTap,
  pendingTaps = pendingTapStore,
}: TapPageProps) {
  const tap = useMemo(() => parseTapParams(search), [search])
  return (
    <section className="page page--narrow tap" aria-labelledby="tap-title">
      <h1 id="tap-title" tabIndex={-1}>
        Card tap
      </h1>
      {tap.ok ? (
        <>
          <Recognised tap={tap} />
          <TapOutcome search={search} onRefresh={onRefresh} pendingTaps={pendingTaps} />
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

function Recognised({ tap }: { tap: TapParams }) {
  return (
    <div className="card stack" data-testid="tap-recognised">
      <h2>Card recognised</h2>
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
    </div>
  )
}

/** What happens with a valid tap: depends on the network, then on who is here. */
function TapOutcome({
  search,
  onRefresh,
  pendingTaps,
}: {
  search: string
  onRefresh(): void
  pendingTaps: PendingTapStore
}) {
  const online = useOnline()
  const status = useAppStore((state) => state.auth.status)
  // Here rather than in WhatIsNew: one refresh per tap, even if the network flaps in between.
  const refresh = useTapRefresh(search, onRefresh, online && status === 'signed-in')
  // Offline after this tap's refresh is over: its result still stands, nothing to keep.
  if (!online && !refresh.done) return <SavedOffline search={search} pendingTaps={pendingTaps} />
  if (status === 'unknown') return <div className="card" aria-busy="true" />
  if (status === 'anonymous') {
    return (
      <div className="card stack">
        <h2>Collect this tap</h2>
        <p>Sign in to add this card's events to your list. You will come back here afterwards.</p>
        <a
          className="button button--primary"
          href={`/auth/email?redirect=${encodeURIComponent('/tap' + search)}`}
        >
          Sign in to collect
        </a>
      </div>
    )
  }
  return <WhatIsNew refresh={refresh} pendingTaps={pendingTaps} />
}

function SavedOffline({ search, pendingTaps }: { search: string; pendingTaps: PendingTapStore }) {
  const [saved, setSaved] = useState<'saving' | 'saved' | 'failed'>('saving')
  useEffect(() => {
    let current = true
    pendingTaps.save({ query: search, savedAt: Date.now() }).then(
      () => current && setSaved('saved'),
      () => current && setSaved('failed'),
    )
    return () => {
      current = false
    }
  }, [search, pendingTaps])
  return (
    <div className="card stack" role="status">
      <h2>You are offline</h2>
      <p>
        {saved === 'saving' ? 'Saving this tap…' : null}
        {saved === 'saved' ? "Saved. We'll refresh when you're back online." : null}
        {saved === 'failed'
          ? 'This tap could not be kept on this device. Open the link again when you are back online.'
          : null}
      </p>
    </div>
  )
}

function WhatIsNew({
  refresh,
  pendingTaps,
}: {
  refresh: TapRefresh
  pendingTaps: PendingTapStore
}) {
  const error = useAppStore((state) => state.events.error)
  useEffect(() => {
    // The refresh a pending tap waited for has happened: nothing is left to keep.
    if (refresh.done) pendingTaps.clear().catch(() => {})
  }, [refresh.done, pendingTaps])

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
            <a href={`/events/${encodeURIComponent(event.id)}`}>{event.name}</a>
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
