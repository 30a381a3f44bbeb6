/** `/auth/email`: sign in by email or wallet; `redirect` is kept only when it is a same-origin path. */
import { lazy, Suspense, useMemo } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '../features/auth/sign-in-page.tsx'
import { completeSignIn } from '../features/auth/complete-sign-in.ts'
import { validateSignInSearch } from '../features/auth/sign-in-search.ts'
import { WalletBoundary } from '../features/wallet/wallet-boundary.tsx'

/** Wallet sign-in (wagmi, viem) in its own chunk, fetched when this page renders. */
const WalletSignIn = lazy(() =>
  import('../features/wallet/wallet-sign-in.tsx').then((module) => ({
    default: module.WalletSignIn,
  })),
)

export const Route = createFileRoute('/auth/email')({
  validateSearch: validateSignInSearch,
  component: function SignIn() {
    const { redirect } = Route.useSearch()
    const { session } = Route.useRouteContext()
    const complete = useMemo(() => completeSignIn(session), [session])
    return (
      <SignInPage
        redirect={redirect}
        complete={complete}
        alternatives={
          <WalletBoundary>
            <Suspense fallback={null}>
              <WalletSignIn redirect={redirect} complete={complete} />
            </Suspense>
          </WalletBoundary>
        }
      />
    )
  },
})
