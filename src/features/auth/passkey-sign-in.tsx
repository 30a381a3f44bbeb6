/**
 * Passkey sign-in on the sign-in page: a button, and the holder's passkeys offered in the email
 * field's autofill (conditional mediation) where the browser can. The provider SDK runs the
 * ceremony; the session it brings is handed to the worker like any other sign-in.
 */
import { useEffect, useRef, useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { NO_PASSKEY_SUPPORT_MESSAGE, passkeyCeremonyMessage } from '../../shared/passkey-errors.ts'
import { passkeysAvailable, stytchPasskeys, type PasskeyProvider } from './passkey-provider.ts'
import { inWords, signInError, type SignInMessage } from './sign-in-errors.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** Said when the provider knows no passkey like the one the device offered. */
const UNKNOWN_PASSKEY = msg`This passkey is not on an IYK Cards account any more. Sign in with a code, then add a new passkey in your account.`

/** Provider refusals of a passkey, in words. */
const REFUSALS: Record<string, MessageDescriptor> = {
  webauthn_registration_not_found: UNKNOWN_PASSKEY,
  unable_to_auth_webauthn_registration: msg`This passkey could not be checked. Try again, or sign in with a code.`,
  invalid_domain: msg`Passkeys don’t work at this address. Open IYK Cards at its usual address.`,
}

/** Words for a passkey sign-in that failed; null when there is nothing to say (we aborted it). */
export function passkeySignInError(error: unknown): SignInMessage | null {
  const ceremony = passkeyCeremonyMessage(error, 'get')
  if (ceremony !== undefined) return ceremony
  const type = (error as { error_type?: unknown } | null)?.error_type
  if (typeof type === 'string' && REFUSALS[type]) return REFUSALS[type]
  return signInError(error)
}

/** Props: the provider (tests pass a fake) and what to do with the new session. */
export interface PasskeySignInProps {
  passkeys?: PasskeyProvider
  onSession(data: AuthenticateData): Promise<void>
}

/** Inputs whose autofill may offer passkeys (the SDK looks for the same). */
const AUTOFILL_FIELD = "input[autocomplete*='webauthn']"

/** The button, its progress and errors, and the autofill request behind the email field. */
export function PasskeySignIn({ passkeys = stytchPasskeys, onSession }: PasskeySignInProps) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<SignInMessage | null>(null)
  const autofill = useRef<AbortController | null>(null)
  const latest = useRef({ passkeys, onSession })
  latest.current = { passkeys, onSession }

  useEffect(() => {
    // Started when the holder first reaches the email field, which also loads the SDK then.
    async function offerInAutofill(event: FocusEvent) {
      const field = event.target
      if (!(field instanceof HTMLInputElement) || !field.matches(AUTOFILL_FIELD)) return
      if (autofill.current !== null) return
      const controller = new AbortController()
      autofill.current = controller
      const { passkeys: provider, onSession: complete } = latest.current
      try {
        if (!(await provider.autofillAvailable())) return
        const data = await provider.authenticate({ conditional: true, signal: controller.signal })
        if (data !== null && !controller.signal.aborted) await complete(data)
      } catch (failure) {
        // The holder never asked for this one: a browser that ends it (no passkey here, no
        // autofill after all) is not worth a word, nor another try. A passkey they picked that
        // the provider refused is.
        if (controller.signal.aborted || failure instanceof DOMException) return
        const said = passkeySignInError(failure)
        if (said !== null) setError(said)
        // Offered again the next time the holder comes back to the field.
        autofill.current = null
      }
    }
    document.addEventListener('focusin', offerInAutofill)
    return () => {
      document.removeEventListener('focusin', offerInAutofill)
      autofill.current?.abort()
    }
  }, [])

  async function signIn() {
    setError(null)
    if (!passkeysAvailable()) {
      setError(NO_PASSKEY_SUPPORT_MESSAGE)
      return
    }
    // One ceremony at a time: the autofill request gives way to the button's (and is offered
    // again when the holder next comes to the email field).
    autofill.current?.abort()
    autofill.current = null
    setBusy(true)
    try {
      const data = await passkeys.authenticate({ conditional: false })
      if (data === null) throw new DOMException('No passkey', 'NotAllowedError')
      await onSession(data)
    } catch (failure) {
      const said = passkeySignInError(failure)
      if (said !== null) setError(said)
      setBusy(false)
    }
    // Signed in, the page is leaving: the button stays busy until it has gone.
  }

  return (
    <div className="stack passkey-sign-in">
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-describedby={error ? 'passkey-error' : undefined}
        onClick={() => void signIn()}
      >
        {busy ? <Trans>Waiting for your passkey…</Trans> : <Trans>Sign in with a passkey</Trans>}
      </button>
      {error ? <FormError id="passkey-error">{inWords(error, i18n)}</FormError> : null}
    </div>
  )
}
