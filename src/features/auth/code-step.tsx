/** The 6-digit code step, the same for a code sent by email and one sent by text message. */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { CODE_EXPIRY_MINUTES, type SignInProvider } from './sign-in-provider.ts'
import { inWords, signInError, type SignInMessage } from './sign-in-errors.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** Seconds before another code can be sent to the same address or number. */
export const RESEND_COOLDOWN_SECONDS = 30

/** Another way on from the code step ("Email me a sign-in link instead"), run like the step's own. */
export interface CodeStepAlternative {
  label: string
  run(): Promise<void>
}

/** Props: where the code went, how to verify and resend it, and the ways out of the step. */
export interface CodeStepProps {
  /** The sentence saying where the code went ("We emailed a 6-digit code to …."), no expiry. */
  sentTo: ReactNode
  /** Where the holder finds the digits. */
  source: 'email' | 'text message'
  methodId: string
  provider: SignInProvider
  onSession(data: AuthenticateData): Promise<void>
  /** Sends a new code; resolves with its method id. */
  resend(): Promise<string>
  onNewMethod(methodId: string): void
  alternatives?: readonly CodeStepAlternative[]
  /** "Use a different email" and what it does. */
  change: { label: string; onChange(): void }
}

function useCooldown(seconds: number) {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, () => setLeft(seconds)] as const
}

/** What a code that is not 6 digits is told, by where the holder finds them. */
const NOT_SIX_DIGITS: Record<CodeStepProps['source'], SignInMessage> = {
  email: msg`Enter the 6 digits from the email.`,
  'text message': msg`Enter the 6 digits from the text message.`,
}

/** Type the code, resend it after a cooldown, or take another way; failures keep what was typed. */
export function CodeStep({
  sentTo,
  source,
  methodId,
  provider,
  onSession,
  resend,
  onNewMethod,
  alternatives = [],
  change,
}: CodeStepProps) {
  const { i18n } = useLingui()
  const [code, setCode] = useState('')
  const [error, setError] = useState<SignInMessage | null>(null)
  const [busy, setBusy] = useState<null | string>(null)
  const [notice, setNotice] = useState<SignInMessage | null>(null)
  const [secondsLeft, restartCooldown] = useCooldown(RESEND_COOLDOWN_SECONDS)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => input.current?.focus(), [])

  async function run(kind: string, action: () => Promise<void>) {
    setBusy(kind)
    setError(null)
    setNotice(null)
    try {
      await action()
    } catch (failure) {
      setError(signInError(failure))
    } finally {
      setBusy(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) {
      setError(NOT_SIX_DIGITS[source])
      return
    }
    void run('verify', async () => onSession(await provider.verifyCode(code, methodId)))
  }

  const minutes = CODE_EXPIRY_MINUTES
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="lede">
        {sentTo}{' '}
        <Plural value={minutes} one="It expires in # minute." other="It expires in # minutes." />
      </p>
      <label className="field">
        <span className="field__label">
          <Trans>6-digit code</Trans>
        </span>
        <input
          ref={input}
          className="input input--code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          // Pasted codes often carry spaces or dashes: keep the digits only.
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-error' : undefined}
        />
      </label>
      {error ? <FormError id="code-error">{inWords(error, i18n)}</FormError> : null}
      {notice ? (
        <p className="form__notice" role="status">
          {inWords(notice, i18n)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy !== null}>
        {busy === 'verify' ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
      </button>
      <div className="form__links">
        <button
          type="button"
          className="link-button"
          disabled={busy !== null || secondsLeft > 0}
          onClick={() =>
            void run('resend', async () => {
              onNewMethod(await resend())
              setCode('')
              restartCooldown()
              setNotice(msg`A new code is on its way.`)
            })
          }
        >
          {secondsLeft > 0 ? (
            <Plural
              value={secondsLeft}
              one="Resend code in # s"
              other="Resend code in # s"
              comment="Button, counting down the seconds (s) until another code can be sent"
            />
          ) : (
            <Trans>Resend code</Trans>
          )}
        </button>
        {alternatives.map((alternative) => (
          <button
            key={alternative.label}
            type="button"
            className="link-button"
            disabled={busy !== null}
            onClick={() => void run(alternative.label, alternative.run)}
          >
            {alternative.label}
          </button>
        ))}
        <button
          type="button"
          className="link-button"
          disabled={busy !== null}
          onClick={change.onChange}
        >
          {change.label}
        </button>
      </div>
    </form>
  )
}
