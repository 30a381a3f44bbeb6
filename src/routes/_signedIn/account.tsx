/** `/account` (signed in): the holder's account, with passkeys, the wallet, the theme switch and install options. */
import { Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/account/account-page.tsx'
import { InstallPanel } from '../../features/install/install-panel.tsx'
import { PasskeysPanel } from '../../features/passkeys/passkeys-panel.tsx'
import { ThemeToggle } from '../../features/theme/theme-toggle.tsx'
import { WalletBoundary } from '../../features/wallet/wallet-boundary.tsx'
import { retryableLazy } from '../../shared/retryable-lazy.tsx'

/** The wallet panel (wagmi, viem) in its own chunk, fetched when this page renders. */
const WalletPanel = retryableLazy(() =>
  import('../../features/wallet/wallet-panel.tsx').then((module) => module.WalletPanel),
)

export const Route = createFileRoute('/_signedIn/account')({
  component: function Account() {
    const { session } = Route.useRouteContext()
    return (
      <AccountPage
        onSignOut={session.signOut}
        passkeys={<PasskeysPanel account={session.account} />}
        themeToggle={<ThemeToggle />}
        install={<InstallPanel />}
        wallet={
          <WalletBoundary onRetry={WalletPanel.retry}>
            <Suspense
              fallback={
                <p className="muted" role="status">
                  Loading the wallet…
                </p>
              }
            >
              <WalletPanel.Component />
            </Suspense>
          </WalletBoundary>
        }
      />
    )
  },
})
