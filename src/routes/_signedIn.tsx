/** Layout for signed-in-only routes: anonymous visitors go to sign in, then come back. */
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { selectIsSignedIn, whenAuthKnown } from '../store/app-store.ts'

export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    await whenAuthKnown(context.store)
    if (!selectIsSignedIn(context.store.getState())) {
      throw redirect({ to: '/auth/email', search: { redirect: location.href } })
    }
  },
  component: Outlet,
})
