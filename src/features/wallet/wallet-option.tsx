/**
 * The wallet option on the sign-in page, without the wallet's code: the same heading and button as
 * the wallet sign-in's first step, so nothing moves when it arrives. The wallet chunk (wagmi, viem)
 * is fetched on intent (the holder points at, touches or focuses the option) and shown when they
 * choose it, or at once when this browser remembers a connected wallet. A holder who signs in
 * another way never loads it (decision 015). Intent only fetches: the button under the holder's
 * finger stays the same element until the tap is over, so no tap is lost to a re-render.
 */
import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
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
  /** Fetches the wallet sign-in's code without showing it. */
  preload(): void
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
  onIntent,
  loading = false,
}: {
  onChoose?(): void
  /** The holder is about to choose: pointing at, touching or focusing the button. */
  onIntent?(): void
  loading?: boolean
}) {
  return (
    <section className="stack wallet-sign-in" aria-labelledby="wallet-sign-in-title">
      <h2 id="wallet-sign-in-title">
        <Trans>Or use a wallet</Trans>
      </h2>
      <button
        type="button"
        className="button"
        onClick={onChoose}
        onPointerEnter={onIntent}
        onPointerDown={onIntent}
        onFocus={onIntent}
        aria-busy={loading || undefined}
      >
        <Trans>Sign in with a wallet</Trans>
      </button>
    </section>
  )
}

export function WalletOption({ render, preload }: WalletOptionProps) {
  const [start, setStart] = useState<WalletStart | null>(() => (remembersWallet() ? 'idle' : null))
  const choose = () => setStart('choose')
  if (start !== null) return <>{render(start, <WalletOptionFrame loading onChoose={choose} />)}</>
  return <WalletOptionFrame onChoose={choose} onIntent={preload} />
}
