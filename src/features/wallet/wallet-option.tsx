/**
 * The wallet option on the sign-in page, without the wallet's code: the same heading and button as
 * the wallet sign-in's first step, so nothing moves when it arrives. The wallet chunk (wagmi, viem)
 * loads only when the holder chooses the option, when the option scrolls into view (once the page
 * is idle), or at once when this browser remembers a connected wallet.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { WALLET_STORAGE_PREFIX } from './wallet-storage.ts'
import './wallet.css'

/** How the loaded wallet sign-in should start: as offered, or with the wallets listed. */
export type WalletStart = 'idle' | 'choose'

export interface WalletOptionProps {
  /**
   * The loaded wallet sign-in (the route passes its lazy component); `loading` is what to show
   * while its code arrives: the option itself, still answering a tap.
   */
  render(start: WalletStart, loading: ReactNode): ReactNode
}

/**
 * A connection wagmi kept in this browser: reconnecting needs the wallet code at once. (No storage
 * at all while the build prerenders the page.)
 */
function remembersWallet(): boolean {
  try {
    return localStorage.getItem(`${WALLET_STORAGE_PREFIX}.recentConnectorId`) !== null
  } catch {
    return false
  }
}

/** The option as first painted, and as shown while its code loads (`loading`). */
export function WalletOptionFrame({
  onChoose,
  loading = false,
}: {
  onChoose?(): void
  loading?: boolean
}) {
  return (
    <section className="stack wallet-sign-in" aria-labelledby="wallet-sign-in-title">
      <h2 id="wallet-sign-in-title">Or use a wallet</h2>
      <button type="button" className="button" onClick={onChoose} aria-busy={loading || undefined}>
        Sign in with a wallet
      </button>
    </section>
  )
}

export function WalletOption({ render }: WalletOptionProps) {
  const [start, setStart] = useState<WalletStart | null>(() => (remembersWallet() ? 'idle' : null))
  const frame = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = frame.current
    if (start !== null || !element || typeof IntersectionObserver === 'undefined') return
    let idle: number | undefined
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      const load = () => setStart((current) => current ?? 'idle')
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(load, { timeout: 3000 })
        : window.setTimeout(load, 1)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle)
    }
  }, [start])

  const choose = () => setStart('choose')
  if (start !== null) return <>{render(start, <WalletOptionFrame loading onChoose={choose} />)}</>
  return (
    <div ref={frame}>
      <WalletOptionFrame onChoose={choose} />
    </div>
  )
}
