/** `/`: the landing page when anonymous, the event list when signed in. */
import { createFileRoute } from '@tanstack/react-router'
import { useAppStore } from '../store/use-app-store.tsx'
import { selectIsSignedIn } from '../store/app-store.ts'
import { LandingPage } from '../features/home/landing-page.tsx'
import { InstallButton } from '../features/install/install-button.tsx'
import { EventsHome } from '../features/events/events-home.tsx'

export const Route = createFileRoute('/')({
  component: function Home() {
    const signedIn = useAppStore(selectIsSignedIn)
    return signedIn ? <EventsHome /> : <LandingPage install={<InstallButton />} />
  },
})
