/** `/account` (signed in): the holder's account. */
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/account/account-page.tsx'

export const Route = createFileRoute('/_signedIn/account')({
  component: function Account() {
    const { session } = Route.useRouteContext()
    return <AccountPage onSignOut={session.signOut} />
  },
})
