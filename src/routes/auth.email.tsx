/** `/auth/email`: sign in by email; `redirect` is kept only when it is a same-origin path. */
import { useMemo } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { SignInPage } from '../features/auth/sign-in-page.tsx'
import { completeSignIn } from '../features/auth/complete-sign-in.ts'
import { validateSignInSearch } from '../features/auth/sign-in-search.ts'

export const Route = createFileRoute('/auth/email')({
  validateSearch: validateSignInSearch,
  component: function SignIn() {
    const { redirect } = Route.useSearch()
    const { session } = Route.useRouteContext()
    const complete = useMemo(() => completeSignIn(session), [session])
    return <SignInPage redirect={redirect} complete={complete} />
  },
})
