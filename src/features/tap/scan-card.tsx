/** "Scan card": reads a card with Web NFC where the browser has it, and opens its tap. */
import { useEffect, useRef, useState } from 'react'
import { hasWebNfc, readCardUrl, tapSearchOf } from './web-nfc.ts'

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
export function ScanCard({ onOpenTap }: { onOpenTap(search: string): void }) {
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
