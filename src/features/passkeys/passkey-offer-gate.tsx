/**
 * The passkey offer's entry on the signed-in home: its code is fetched only on a device that has
 * not had the offer, so a cold load of `/` carries none of it.
 */
import { useEffect, useState, type ComponentType } from 'react'
import { offeredBefore } from './offer-flag.ts'
import type { PasskeyOfferProps } from './passkey-offer.tsx'

/** Renders the offer once its code has loaded; nothing before, nothing if it cannot load. */
export function PasskeyOfferGate({ account }: Pick<PasskeyOfferProps, 'account'>) {
  const [Offer, setOffer] = useState<ComponentType<PasskeyOfferProps> | null>(null)
  useEffect(() => {
    if (offeredBefore()) return
    let gone = false
    // An offer that cannot load (offline, a new deploy) is simply not made this time.
    import('./passkey-offer.tsx').then(
      (module) => {
        if (!gone) setOffer(() => module.PasskeyOffer)
      },
      () => {},
    )
    return () => {
      gone = true
    }
  }, [])
  return Offer ? <Offer account={account} /> : null
}
