/** `/`: the landing page when anonymous, the event list (and a passkey offered once) when signed in. */
import { Suspense } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useAppStore } from '../store/use-app-store.tsx'
import { LandingPage } from '../features/home/landing-page.tsx'
import { InstallButton } from '../features/install/install-button.tsx'
import { ChunkBoundary } from '../shared/chunk-boundary.tsx'
import { SignedInHome } from './-signed-in-home-lazy.ts'
import { validateHomeSearch } from '../features/events/home-search.ts'

/** Until the session host answers (a few ms), or the list's code arrives: nothing, not the wrong page. */
const busy = <div className="page" aria-busy="true" />

export const Route = createFileRoute('/')({
  // The list's search and filters (`?q=…&year=…`), read tolerantly: a bad field is dropped.
  validateSearch: validateHomeSearch,
  // A holder known to be signed in gets the list's code with the route, not after it: the
  // first render of their list never suspends (the app's start has usually loaded it already).
  loader: async ({ context }) => {
    if (context.store.getState().auth.status === 'signed-in') await SignedInHome.load()
  },
  component: function Home() {
    const { t } = useLingui()
    const status = useAppStore((state) => state.auth.status)
    const { session } = Route.useRouteContext()
    if (status === 'unknown') return busy
    if (status === 'signed-in') {
      return (
        <ChunkBoundary
          boundary="signed-in-home"
          message={t`Your events could not load. Check your connection and try again.`}
          onRetry={SignedInHome.retry}
        >
          <Suspense fallback={busy}>
            <SignedInHome.Component session={session} />
          </Suspense>
        </ChunkBoundary>
      )
    }
    return <LandingPage install={<InstallButton />} />
  },
})
