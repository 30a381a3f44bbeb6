/** Root route: the page frame around every screen, the update prompt and the not-found page. */
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useAppStore } from '../store/use-app-store.tsx'
import type { AppStore } from '../store/app-store.ts'
import type { SessionActions } from '../session/session-client.ts'
import { AppShell } from '../features/shell/app-shell.tsx'
import { ErrorFallback } from '../features/shell/error-fallback.tsx'
import { NotFound } from '../features/shell/not-found.tsx'
import { ThemeToggle } from '../features/theme/theme-toggle.tsx'
import { UpdatePrompt } from '../features/install/update-prompt.tsx'

function AccountLink() {
  const signedIn = useAppStore((state) => state.auth.status === 'signed-in')
  if (!signedIn) return null
  return (
    <Link to="/account" className="button button--small">
      <Trans comment="Header link to the holder's account page">Account</Trans>
    </Link>
  )
}

/** What every route's `beforeLoad` and loader can read (the app passes it to the router). */
export interface RouterContext {
  store: AppStore
  session: SessionActions
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppShell
      actions={
        <>
          <AccountLink />
          <ThemeToggle />
        </>
      }
    >
      <Outlet />
      <UpdatePrompt />
    </AppShell>
  ),
  notFoundComponent: NotFound,
  errorComponent: ErrorFallback,
})
