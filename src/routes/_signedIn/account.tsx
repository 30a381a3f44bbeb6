/** `/account` (signed in): the holder's account, with passkeys, the wallet, the theme and language switches and install options. */
import { Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { AccountPage } from '../../features/account/account-page.tsx'
import { InstallPanel } from '../../features/install/install-panel.tsx'
import { PasskeysPanel } from '../../features/passkeys/passkeys-panel.tsx'
import { LanguagePicker } from '../../features/language/language-picker.tsx'
import { ThemeToggle } from '../../features/theme/theme-toggle.tsx'
import { WalletBoundary } from '../../features/wallet/wallet-boundary.tsx'
import { reportError } from '../../shared/error-reporting.ts'
import { retryableLazy } from '../../shared/retryable-lazy.tsx'

/** The wallet panel (wagmi, viem) in its own chunk, fetched when this page renders. */
const WalletPanel = retryableLazy(() =>
  import('../../features/wallet/wallet-panel.tsx').then((module) => module.WalletPanel),
)

export const Route = createFileRoute('/_signedIn/account')({
  component: function Account() {
    const { session } = Route.useRouteContext()
    const router = useRouter()
    // A fresh sign-in is a new one: off to the sign-in page (outside the signed-in layout, which
    // would send a signed-out holder home), then signed out there, back here once signed in.
    const signInAgain = () => {
      void router
        .navigate({ to: '/auth/email', search: { redirect: '/account' } })
        .then(() => session.signOut())
        .catch((error: unknown) => reportError(error, { op: 'sign-in-again' }))
    }
    return (
      <AccountPage
        onSignOut={session.signOut}
        passkeys={<PasskeysPanel account={session.account} onSignInAgain={signInAgain} />}
        themeToggle={<ThemeToggle />}
        languagePicker={<LanguagePicker hideLabel />}
        install={<InstallPanel />}
        wallet={
          <WalletBoundary onRetry={WalletPanel.retry}>
            <Suspense
              fallback={
                <p className="muted" role="status">
                  <Trans>Loading the wallet…</Trans>
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
