/**
 * `/` for a signed-in holder: their event list, and a passkey offered once. Its own chunk, so an
 * anonymous visitor's landing page carries none of the list's code.
 */
import type { SessionActions } from '../session/session-client.ts'
import { EventsHome } from '../features/events/events-home.tsx'
import { PasskeyOfferGate } from '../features/passkeys/passkey-offer-gate.tsx'

/** The list and the offer, over the session's actions. */
export function SignedInHome({ session }: { session: SessionActions }) {
  return (
    <>
      <EventsHome onRefresh={session.refresh} />
      <PasskeyOfferGate account={session.account} />
    </>
  )
}
