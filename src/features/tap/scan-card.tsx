/** "Scan card": reads a card with Web NFC where the browser has it, and opens its tap. */
import { useEffect, useRef, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { hasWebNfc, readCardUrl, tapSearchOf } from './web-nfc.ts'

/** Where scanning stands; an error is kept as a message, so it follows a change of language. */
type ScanState =
  { kind: 'idle' } | { kind: 'scanning' } | { kind: 'error'; message: MessageDescriptor }

const NFC_ERRORS: Record<string, MessageDescriptor> = {
  NotAllowedError: msg`NFC permission was refused. Allow NFC for this site in your browser's site settings, then try again.`,
  NotSupportedError: msg`This device cannot scan cards: it has no NFC reader. Tap your card on a phone that has one.`,
  NotReadableError: msg`NFC is off or unavailable. Turn NFC on in your phone's settings, then try again.`,
}

function scanErrorText(error: unknown): MessageDescriptor {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  return NFC_ERRORS[name] ?? msg`Scanning did not start. Try again.`
}

/** "Scan card", only where Web NFC exists; the scan stops when the page goes away. */
export function ScanCard({ onOpenTap }: { onOpenTap(search: string): void }) {
  const { t } = useLingui()
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
                ? msg`That card holds no link. Try another card.`
                : msg`That card links somewhere else, not to an IYK Cards tap.`,
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
          message: msg`That card could not be read. Hold it still against your phone and try again.`,
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
          <p role="status">
            <Trans>Hold your card against the back of your phone…</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              stop()
              setState({ kind: 'idle' })
            }}
          >
            <Trans>Stop scanning</Trans>
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary" onClick={() => void start()}>
          <Trans>Scan card</Trans>
        </button>
      )}
      {state.kind === 'error' ? (
        <p className="notice notice--error" role="alert">
          {t(state.message)}
        </p>
      ) : null}
    </div>
  )
}
