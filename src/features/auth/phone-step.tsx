/** The phone number step of text-message sign-in: a country, a number, then a texted code. */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { COUNTRIES, countryOf, defaultRegion, toE164, type PhoneCheck } from './phone-number.ts'
import { signInErrorText } from './sign-in-errors.ts'
import type { SignInProvider } from './sign-in-provider.ts'

/** What a number that cannot be used is told, by reason. */
const NUMBER_ERRORS: Record<Exclude<PhoneCheck, { ok: true }>['reason'], string> = {
  empty: 'Enter your mobile number.',
  characters: 'A phone number has digits only (spaces and dashes are fine).',
  length: 'That number is too short or too long for the country. Check both.',
}

/** The browser's languages, for the default country (none while the build prerenders). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/** Props: the provider calls, and where to go next. */
export interface PhoneStepProps {
  provider: SignInProvider
  /** The code is on its way to `phoneNumber` (E.164); `methodId` is the phone id. */
  onCodeSent(phoneNumber: string, methodId: string): void
  onUseEmail(): void
}

/** Country and number; a bad number or a refusal is said here and keeps what was typed. */
export function PhoneStep({ provider, onCodeSent, onUseEmail }: PhoneStepProps) {
  const [region, setRegion] = useState(() => defaultRegion(browserLanguages()))
  const [number, setNumber] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Always reached from another step, by the holder's choice: the number field takes the focus
  // (the country is chosen already), so keyboard and screen-reader users start there.
  const numberInput = useRef<HTMLInputElement>(null)
  useEffect(() => numberInput.current?.focus(), [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = toE164(countryOf(region), number)
    if (!checked.ok) {
      setError(NUMBER_ERRORS[checked.reason])
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { methodId } = await provider.sendSmsCode(checked.e164)
      onCodeSent(checked.e164, methodId)
    } catch (failure) {
      setError(signInErrorText(failure))
      setBusy(false)
    }
  }

  const described = error ? 'phone-error' : undefined
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lede">We will text you a 6-digit code. No password needed.</p>
      <label className="field">
        <span className="field__label">Country</span>
        <select
          className="input"
          name="country"
          value={region}
          onChange={(event) => setRegion(event.target.value)}
        >
          {COUNTRIES.map((country) => (
            <option key={country.region} value={country.region}>
              {country.name} (+{country.dial})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Mobile number</span>
        <input
          ref={numberInput}
          className="input"
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          onFocus={() => provider.warm?.()}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </label>
      {error ? (
        <p id="phone-error" className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Sending code…' : 'Text me a code'}
      </button>
      <div className="form__links">
        <button type="button" className="link-button" onClick={onUseEmail}>
          Use email instead
        </button>
      </div>
    </form>
  )
}
