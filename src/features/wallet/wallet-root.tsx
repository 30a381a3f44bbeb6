/** wagmi and the persisted chain-data cache around a wallet screen; reconnects on mount. */
import type { ReactNode } from 'react'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { WagmiProvider } from 'wagmi'
import { WALLET_SETTINGS, walletSetup, type WalletSetup } from './wallet-config.ts'

/** Props: the screen, and the setup (tests pass their own). */
export interface WalletRootProps {
  children: ReactNode
  setup?: WalletSetup
}

/** Provides the page's one wallet setup to `children`. */
export function WalletRoot({ children, setup = walletSetup() }: WalletRootProps) {
  return (
    <WagmiProvider config={setup.config} reconnectOnMount>
      <PersistQueryClientProvider
        client={setup.queryClient}
        persistOptions={{ persister: setup.persister, maxAge: WALLET_SETTINGS.cacheLifetimeMs }}
      >
        {children}
      </PersistQueryClientProvider>
    </WagmiProvider>
  )
}
