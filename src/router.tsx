/** The router, built over the generated route tree with the app store in its typed context. */
import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'
import type { AppStore } from './store/app-store.ts'
import type { SessionActions } from './lib/session-client.ts'

/** What every route's `beforeLoad` and loader can read. */
export interface RouterContext {
  store: AppStore
  session: SessionActions
}

/** One router per app instance (tests build their own with a memory history). */
export function createAppRouter(
  context: RouterContext,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...options,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
