/** `/`: the landing page when anonymous, the event list (and a passkey offered once) when signed in. */
import { createFileRoute } from '@tanstack/react-router'
import { useAppStore } from '../store/use-app-store.tsx'
import { LandingPage } from '../features/home/landing-page.tsx'
import { InstallButton } from '../features/install/install-button.tsx'
import { EventsHome } from '../features/events/events-home.tsx'
import { PasskeyOfferGate } from '../features/passkeys/passkey-offer-gate.tsx'

export const Route = createFileRoute('/')({
  component: function Home() {
    const status = useAppStore((state) => state.auth.status)
    const { session } = Route.useRouteContext()
    // Until the session host answers (a few ms), show nothing rather than the wrong page.
    if (status === 'unknown') return <div className="page" aria-busy="true" />
    if (status === 'signed-in') {
      return (
        <>
          <EventsHome onRefresh={session.refresh} />
          <PasskeyOfferGate account={session.account} />
        </>
      )
    }
    return <LandingPage install={<InstallButton />} />
  },
})
