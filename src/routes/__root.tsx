/** Root route: the page frame around every screen, the update prompt and the not-found page. */
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../router.tsx'
import { AppShell } from '../features/shell/app-shell.tsx'
import { NotFound } from '../features/shell/not-found.tsx'
import { ThemeToggle } from '../features/theme/theme-toggle.tsx'
import { UpdatePrompt } from '../features/install/update-prompt.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppShell actions={<ThemeToggle />}>
      <Outlet />
      <UpdatePrompt />
    </AppShell>
  ),
  notFoundComponent: NotFound,
})
