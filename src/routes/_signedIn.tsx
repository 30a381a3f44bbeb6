/**
 * Layout for signed-in-only routes: anonymous visitors go to sign in, then come back; a holder
 * whose session ends here (signed out in another tab, or by the provider) goes to the home page.
 */
import { useEffect } from 'react'
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router'
import { selectIsSignedIn, whenAuthKnown } from '../store/app-store.ts'
import { useAppStore } from '../store/use-app-store.tsx'

export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    await whenAuthKnown(context.store)
    if (!selectIsSignedIn(context.store.getState())) {
      throw redirect({ to: '/auth/email', search: { redirect: location.href } })
    }
  },
  component: function SignedInLayout() {
    const signedIn = useAppStore(selectIsSignedIn)
    const navigate = useNavigate()
    useEffect(() => {
      if (!signedIn) void navigate({ to: '/', replace: true })
    }, [signedIn, navigate])
    return signedIn ? <Outlet /> : null
  },
})
