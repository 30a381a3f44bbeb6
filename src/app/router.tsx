/** The router, built over the generated route tree with the app store in its typed context. */
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen.ts'
import type { RouterContext } from '../routes/__root.tsx'

/** One router per app instance (tests build their own with a memory history). */
export function createAppRouter(
  context: RouterContext,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...options,
  })
  // After a client-side navigation, focus the new page's heading so keyboard and screen-reader
  // users start at what changed (the first load keeps the browser's own focus). Unless the holder
  // is already in the new page (typing in its first field): focus moved then would take their
  // next keys.
  router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged || fromLocation.pathname === toLocation.pathname) return
    requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) return
      const main = heading.closest('main')
      if (main?.contains(document.activeElement) && document.activeElement !== main) return
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    })
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
