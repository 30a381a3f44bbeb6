/**
 * The offer of a passkey, once on a device, right after the first sign-in there: shown where the
 * device has a built-in authenticator (fingerprint, face, screen lock) and the holder has no
 * passkey yet; dismissible. It floats over the page, so nothing moves when it appears.
 */
import { useEffect, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SessionActions } from '../../session/session-client.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { addPasskey } from './add-passkey.ts'
import { createPasskey } from './create-passkey.ts'
import { markOffered, offeredBefore } from './offer-flag.ts'
import { hasPlatformAuthenticator as platformAuthenticator } from './platform-authenticator.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './passkeys.css'

/** Props: the worker's account calls, and (for tests) the device checks and the ceremony. */
export interface PasskeyOfferProps {
  account: SessionActions['account']
  hasPlatformAuthenticator?: () => Promise<boolean>
  create?: typeof createPasskey
}

/** Where the offer is; an error is kept as a message, read in the active language as it renders. */
type OfferState =
  | { step: 'hidden' }
  | { step: 'offer'; error?: MessageDescriptor }
  | { step: 'adding' }
  | { step: 'added' }

/** Nothing, or the offer with Add and Not now; after adding, a short confirmation. */
export function PasskeyOffer({
  account,
  hasPlatformAuthenticator = platformAuthenticator,
  create = createPasskey,
}: PasskeyOfferProps) {
  const { t } = useLingui()
  const [state, setState] = useState<OfferState>({ step: 'hidden' })

  useEffect(() => {
    let gone = false
    void (async () => {
      if (offeredBefore() || !(await hasPlatformAuthenticator())) return
      const result = await account({ op: 'passkeys' })
      if (gone || !result.ok || !('passkeys' in result)) return
      // Once on this device, whether or not it is shown: a holder with passkeys needs no offer.
      markOffered()
      if (result.passkeys.length === 0) setState({ step: 'offer' })
    })()
    return () => {
      gone = true
    }
  }, [account, hasPlatformAuthenticator])

  useEffect(() => {
    if (state.step !== 'added') return
    const timer = setTimeout(() => setState({ step: 'hidden' }), 6_000)
    return () => clearTimeout(timer)
  }, [state.step])

  async function add() {
    setState({ step: 'adding' })
    try {
      const outcome = await addPasskey(account, create)
      if (outcome.ok) setState({ step: 'added' })
      else setState({ step: 'offer', ...(outcome.text ? { error: outcome.text } : {}) })
    } catch (error) {
      reportError(error, { op: 'passkey-offer' })
      setState({ step: 'offer', error: msg`Something went wrong. Try again from your account.` })
    }
  }

  if (state.step === 'hidden') return null
  if (state.step === 'added') {
    return (
      <div className="toast passkey-offer" role="status">
        <p>
          <Trans>Passkey added. Next time, sign in with it.</Trans>
        </p>
      </div>
    )
  }
  return (
    <section className="toast passkey-offer" aria-labelledby="passkey-offer-title">
      <div className="stack">
        <h2 id="passkey-offer-title" className="passkey-offer__title">
          <Trans>Sign in faster next time</Trans>
        </h2>
        <p className="muted">
          <Trans>Add a passkey: your fingerprint, face or screen lock instead of a code.</Trans>
        </p>
        {state.step === 'offer' && state.error ? <FormError>{t(state.error)}</FormError> : null}
        <span className="passkeys__actions">
          <button
            type="button"
            className="button button--small button--primary"
            disabled={state.step === 'adding'}
            onClick={() => void add()}
          >
            {state.step === 'adding' ? <Trans>Adding…</Trans> : <Trans>Add a passkey</Trans>}
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => setState({ step: 'hidden' })}
          >
            <Trans>Not now</Trans>
          </button>
        </span>
      </div>
    </section>
  )
}
