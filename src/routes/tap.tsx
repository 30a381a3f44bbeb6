/** `/tap`: where a card tap lands, in the installed app or a browser tab. */
import { useCallback } from 'react'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { TapPage } from '../features/tap/tap-page.tsx'

export const Route = createFileRoute('/tap')({
  component: function Tap() {
    const router = useRouter()
    const { session } = Route.useRouteContext()
    // Re-render on every navigation, but read the query as the history holds it: the router's
    // own searchStr is re-serialised from JSON-parsed values ("12E4" would become "120000").
    useRouterState({ select: (state) => state.location.href })
    const search = router.history.location.search
    // A scanned card's query goes into history as it is, for the same reason.
    const openTap = useCallback((query: string) => router.history.push('/tap' + query), [router])
    return <TapPage search={search} onTap={session.tap} onOpenTap={openTap} />
  },
})
