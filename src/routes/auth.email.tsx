/** `/auth/email`: sign in by email; `redirect` is kept only when it is a same-origin path. */
import { createFileRoute } from '@tanstack/react-router'
import { parseRedirect } from '../core/redirect.ts'
import { SignInPage } from '../features/auth/sign-in-page.tsx'

/** Search parameters of the sign-in page. */
export interface SignInSearch {
  redirect?: string
}

export const Route = createFileRoute('/auth/email')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => {
    const redirect = parseRedirect(search.redirect)
    return redirect ? { redirect } : {}
  },
  component: function SignIn() {
    const { redirect } = Route.useSearch()
    return <SignInPage redirect={redirect} />
  },
})
