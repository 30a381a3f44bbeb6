/** `/auth/email`: sign in by email; `redirect` is kept only when it is a same-origin path. */
import { useMemo } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { parseRedirect } from '../core/redirect.ts'
import { SignInPage } from '../features/auth/sign-in-page.tsx'
import { completeSignIn } from '../features/auth/complete-sign-in.ts'

/** Search parameters of the sign-in page. */
export interface SignInSearch {
  redirect?: string | undefined
}

export const Route = createFileRoute('/auth/email')({
  // The key is always set (undefined when refused) so a raw value can never leak through.
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: parseRedirect(search.redirect),
  }),
  component: function SignIn() {
    const { redirect } = Route.useSearch()
    const { session } = Route.useRouteContext()
    const complete = useMemo(() => completeSignIn(session), [session])
    return <SignInPage redirect={redirect} complete={complete} />
  },
})
