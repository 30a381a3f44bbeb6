/** `/auth/email`: sign in by email or wallet; `redirect` is kept only when it is a same-origin path. */
import { Suspense, useEffect, useMemo } from 'react'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { selectHolder } from '../store/app-store.ts'
import { useAppStore } from '../store/use-app-store.tsx'
import { SignInPage } from '../features/auth/sign-in-page.tsx'
import { completeSignIn } from '../features/auth/complete-sign-in.ts'
import { validateSignInSearch } from '../features/auth/sign-in-search.ts'
import { LanguagePicker } from '../features/language/language-picker.tsx'
import { WalletBoundary } from '../features/wallet/wallet-boundary.tsx'
import { WalletOption } from '../features/wallet/wallet-option.tsx'
import { retryableLazy } from '../shared/retryable-lazy.tsx'
import { SignedInHome } from './-signed-in-home-lazy.ts'

/** Wallet sign-in (wagmi, viem) in its own chunk, fetched when the wallet option asks for it. */
const WalletSignIn = retryableLazy(() =>
  import('../features/wallet/wallet-sign-in.tsx').then((module) => module.WalletSignIn),
)

export const Route = createFileRoute('/auth/email')({
  validateSearch: validateSignInSearch,
  component: function SignIn() {
    // Who signs in here lands on their list next, most often: its code comes while they type.
    // After the page is up, not in a loader: a loader would delay the route's settling, and with
    // it the focus moving to the heading, into the holder's typing.
    useEffect(() => SignedInHome.preload(), [])
    const { redirect } = Route.useSearch()
    const { session } = Route.useRouteContext()
    const complete = useMemo(() => completeSignIn(session), [session])
    const router = useRouter()
    const holder = useAppStore(selectHolder)
    const signedIn =
      holder !== null
        ? {
            email: holder.email,
            phone: holder.phone,
            onContinue: (target: string) => router.history.push(target),
            onSignOut: session.signOut,
          }
        : undefined
    return (
      <SignInPage
        redirect={redirect}
        complete={complete}
        signedIn={signedIn}
        languagePicker={<LanguagePicker />}
        alternatives={
          <WalletOption
            preload={WalletSignIn.preload}
            render={(start, loading) => (
              <WalletBoundary onRetry={WalletSignIn.retry}>
                <Suspense fallback={loading}>
                  <WalletSignIn.Component redirect={redirect} complete={complete} start={start} />
                </Suspense>
              </WalletBoundary>
            )}
          />
        }
      />
    )
  },
})
