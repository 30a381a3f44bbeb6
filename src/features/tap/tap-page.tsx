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
import { useMemo } from 'react'
import { Link } from '@tanstack/react-router'
import {
  parseTapParams,
  type TapFormat,
  type TapInvalidReason,
  type TapParams,
} from '../../core/tap-params.ts'
import { ScanCard } from './scan-card.tsx'
import { TapOutcome } from './tap-outcome.tsx'
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
          <Link to="/" className="button">
            Back to home
          </Link>
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
