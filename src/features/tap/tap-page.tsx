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
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'
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

/**
 * The link's format in words, with its parameters for whoever helps the holder (the names in
 * parentheses are the link's own: translators keep them).
 */
const FORMAT_LABEL: Record<TapFormat, MessageDescriptor> = {
  e: msg({
    message: 'Encrypted link (e)',
    comment: 'A card link’s format; “e” is the name of its part: keep it',
  }),
  'picc_data+cmac': msg({
    message: 'Encrypted, signed link (picc_data, cmac)',
    comment: 'A card link’s format; the names in parentheses are its parts: keep them',
  }),
  'uid+ctr+cmac': msg({
    message: 'Signed link (uid, ctr, cmac)',
    comment: 'A card link’s format; the names in parentheses are its parts: keep them',
  }),
  'p+c': msg({
    message: 'Encrypted, signed link (p, c)',
    comment: 'A card link’s format; the names in parentheses are its parts: keep them',
  }),
}

/**
 * Why the link is not a tap, in words; `name` is the part it names, if any (user input: shown as
 * text, cut short).
 */
function reasonText(reason: TapInvalidReason, param?: string): MessageDescriptor {
  const name = param ? param.slice(0, 24) : null
  switch (reason) {
    case 'empty':
      return msg`It carries no card data.`
    case 'malformed':
      return msg`Its card data cannot be read.`
    case 'unknown-parameter':
      return name === null
        ? msg`It has a part cards never send.`
        : msg({
            message: `It has a part cards never send: “${name}”.`,
            comment: 'The name of a part of the link, as it stands in it',
          })
    case 'duplicate-parameter':
      return name === null
        ? msg`A part appears more than once.`
        : msg({
            message: `“${name}” appears more than once.`,
            comment: 'The name of a part of the link, as it stands in it',
          })
    case 'mixed-formats':
      return msg`It mixes parts of different card formats.`
    case 'missing-parameter':
      return name === null
        ? msg`Part of the card data is missing.`
        : msg({
            message: `“${name}” is missing.`,
            comment: 'The name of a part of the link the card always sends',
          })
    case 'not-hex':
      return name === null
        ? msg`A part is not a hexadecimal code.`
        : msg({
            message: `“${name}” is not a hexadecimal code.`,
            comment: 'The name of a part of the link, as it stands in it',
          })
    case 'wrong-length':
      return name === null
        ? msg`A part has the wrong length.`
        : msg({
            message: `“${name}” has the wrong length.`,
            comment: 'The name of a part of the link, as it stands in it',
          })
  }
}

/** The whole page; its heading stays "Card tap" whatever the link holds. */
export function TapPage({ search, onTap, onOpenTap }: TapPageProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Card tap`)
  const tap = useMemo(() => parseTapParams(search), [search])
  return (
    <section className="page page--narrow tap" aria-labelledby="tap-title">
      <h1 id="tap-title" tabIndex={-1}>
        <Trans comment="Heading of the page a card's link opens">Card tap</Trans>
      </h1>
      {tap.ok ? (
        <>
          <TapOutcome search={search} onTap={onTap} />
          <CardDetails tap={tap} />
        </>
      ) : (
        <div className="notice notice--error stack tap__invalid" role="alert">
          <h2>
            <Trans>This link isn't a valid card tap</Trans>
          </h2>
          <p>{t(reasonText(tap.reason, tap.param))}</p>
          <p className="muted">
            <Trans>Tap your card again, or scan it below where your phone can.</Trans>
          </p>
          <Link to="/" className="button">
            <Trans>Back to home</Trans>
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
  const { t } = useLingui()
  const format = t(FORMAT_LABEL[tap.format])
  return (
    <details className="card tap__details" data-testid="tap-details">
      <summary>
        <Trans>Card details for support</Trans>
      </summary>
      <p className="muted tap__format">
        <Trans comment="The card link's format, e.g. “Format: Signed link (uid, ctr, cmac)”">
          Format: <span>{format}</span>
        </Trans>
      </p>
      {/* The link's own parameters, names and values as the card wrote them: not words. */}
      <dl className="tap__params" translate="no">
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
