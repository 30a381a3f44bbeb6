/** The sign-in page's first step: the holder's email, to which a 6-digit code is sent. */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormError } from '../../shared/ui/form-error.tsx'
import {
  EMAIL_FORMAT,
  inWords,
  isValidEmail,
  signInError,
  type SignInMessage,
} from './sign-in-errors.ts'
import type { SignInProvider } from './sign-in-provider.ts'

/** The email form; sends the code and says what went wrong, keeping what was typed. */
export function EmailStep({
  provider,
  email,
  onEmailChange,
  autoFocus,
  onCodeSent,
}: {
  provider: SignInProvider
  email: string
  onEmailChange(email: string): void
  /** Takes the focus when shown (after the holder moved here from another step). */
  autoFocus: boolean
  onCodeSent(email: string, methodId: string): void
}) {
  const { i18n } = useLingui()
  const [error, setError] = useState<SignInMessage | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const focusOnShow = useRef(autoFocus)
  useEffect(() => {
    if (focusOnShow.current) input.current?.focus()
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const address = email.trim()
    if (!isValidEmail(address)) {
      setError(EMAIL_FORMAT)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { methodId } = await provider.sendCode(address)
      onCodeSent(address, methodId)
    } catch (failure) {
      setError(signInError(failure))
      setBusy(false)
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lede">
        <Trans>We will email you a 6-digit code. No password needed.</Trans>
      </p>
      <label className="field">
        <span className="field__label">
          <Trans comment="Label of the email address field">Email</Trans>
        </span>
        <input
          ref={input}
          className="input"
          type="email"
          name="email"
          // `webauthn`: the holder's passkeys are offered in this field's autofill too.
          autoComplete="username webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          onFocus={() => provider.warm?.()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
        />
      </label>
      {error ? <FormError id="email-error">{inWords(error, i18n)}</FormError> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Trans>Sending code…</Trans> : <Trans>Send code</Trans>}
      </button>
    </form>
  )
}
