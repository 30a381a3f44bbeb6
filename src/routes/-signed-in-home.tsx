/**
 * `/` for a signed-in holder: their event list, and a passkey offered once. Its own chunk, so an
 * anonymous visitor's landing page carries none of the list's code.
 */
import type { SessionActions } from '../session/session-client.ts'
import { EventsHome } from '../features/events/events-home.tsx'
import { useHomeSearch } from '../features/events/home-search.ts'
import { PasskeyOfferGate } from '../features/passkeys/passkey-offer-gate.tsx'

/** The list, searched as the URL says, and the offer, over the session's actions. */
export function SignedInHome({ session }: { session: SessionActions }) {
  const [search, onSearch] = useHomeSearch()
  return (
    <>
      <EventsHome onRefresh={session.refresh} search={search} onSearch={onSearch} />
      <PasskeyOfferGate account={session.account} />
    </>
  )
}
