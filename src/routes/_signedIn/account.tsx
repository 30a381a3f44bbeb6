/** `/account` (signed in): the holder's account, with the theme switch and install options. */
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../../features/account/account-page.tsx'
import { InstallPanel } from '../../features/install/install-panel.tsx'
import { ThemeToggle } from '../../features/theme/theme-toggle.tsx'

export const Route = createFileRoute('/_signedIn/account')({
  component: function Account() {
    const { session } = Route.useRouteContext()
    return (
      <AccountPage
        onSignOut={session.signOut}
        themeToggle={<ThemeToggle />}
        install={<InstallPanel />}
      />
    )
  },
})
