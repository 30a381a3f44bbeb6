/**
 * The passkey offer's entry on the signed-in home. Its code is fetched only on a device that has
 * not had the offer and has a screen-lock authenticator, once the page is idle: a cold load of `/`
 * carries none of it, and a device that can never take the offer never loads it.
 */
import { useEffect, useState, type ComponentType } from 'react'
import { idleAfter } from '../../shared/idle-after.ts'
import { offeredBefore } from './offer-flag.ts'
import { hasPlatformAuthenticator } from './platform-authenticator.ts'
import type { PasskeyOfferProps } from './passkey-offer.tsx'

/** Renders the offer once its code has loaded; nothing before, nothing if it cannot load. */
export function PasskeyOfferGate({ account }: Pick<PasskeyOfferProps, 'account'>) {
  const [Offer, setOffer] = useState<ComponentType<PasskeyOfferProps> | null>(null)
  useEffect(() => {
    if (offeredBefore()) return
    let gone = false
    void (async () => {
      await idleAfter(Promise.resolve())
      if (gone || !(await hasPlatformAuthenticator()) || gone) return
      // An offer that cannot load (offline, a new deploy) is simply not made this time.
      const module = await import('./passkey-offer.tsx').catch(() => null)
      if (module && !gone) setOffer(() => module.PasskeyOffer)
    })()
    return () => {
      gone = true
    }
  }, [])
  return Offer ? <Offer account={account} /> : null
}
