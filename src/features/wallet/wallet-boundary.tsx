/** Catches a wallet screen that failed to load or crashed: a message and a retry, never a blank page. */
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { ChunkBoundary } from '../../shared/chunk-boundary.tsx'

/** Props: what to guard. */
export interface WalletBoundaryProps {
  children: ReactNode
  /** Called on "Try again" before the children render again (e.g. to load a failed chunk again). */
  onRetry?: () => void
}

/** An error boundary for the lazily loaded wallet panel and wallet sign-in. */
export function WalletBoundary({ children, onRetry }: WalletBoundaryProps) {
  const { t } = useLingui()
  return (
    <ChunkBoundary
      boundary="wallet"
      message={t`The wallet could not load. Check your connection and try again.`}
      onRetry={onRetry}
    >
      {children}
    </ChunkBoundary>
  )
}
