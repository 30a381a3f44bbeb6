/**
 * The phone number step of text-message sign-in: a country, a mobile number formatted as it is
 * typed, then a texted code. Loaded lazily with the phone-number library (phone-step-loader.tsx).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js/mobile'
import { countryList, type Country } from './country-list.ts'
import { CountryPicker } from './country-picker.tsx'
import { formatAsTyped, typeNumber, type TypedNumber } from './number-typing.ts'
import { defaultRegion, toE164, type PhoneCheck } from './phone-number.ts'
import { signInErrorText } from './sign-in-errors.ts'
import type { SignInProvider } from './sign-in-provider.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './phone-step.css'

/** The browser's languages, for the default country and the countries' names. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/**
 * The plan a number was read in, for a message: "a mobile number in Vietnam (+84)" when it is the
 * picked country's, else "a +44 mobile number".
 */
function mobileIn(picked: Country | undefined, callingCode: string | undefined): string {
  if (picked && (callingCode === undefined || callingCode === picked.callingCode)) {
    return `a mobile number in ${picked.name} (+${picked.callingCode})`
  }
  return callingCode ? `a +${callingCode} mobile number` : 'a mobile number'
}

/** What a number that cannot be texted is told, by reason. */
function problemText(check: PhoneCheck & { ok: false }, where: string): string {
  const { callingCode, international } = check
  switch (check.reason) {
    case 'empty':
      return 'Enter your mobile number.'
    case 'characters':
      return 'A phone number has digits only (spaces, dashes and brackets are fine).'
    case 'extension':
      return 'Enter the mobile number alone: a text cannot go to an extension.'
    case 'country-code':
      return `${callingCode ? `No country has the calling code +${callingCode}` : 'That is not a calling code'}. Check the number, or pick the country and leave out the code.`
    case 'too-short':
      return `That number is too short for ${where}. Check the number and the country.`
    case 'too-long':
      return `That number is too long for ${where}. Check the number and the country.`
    case 'length':
      return `That number has the wrong number of digits for ${where}. Check the number and the country.`
    case 'not-mobile':
      return `That is not ${where}. Codes come by text message, so they need a mobile number: check the number and the country.`
    case 'international':
      return international
        ? `If you mean ${international}, type it that way: start with + and the country code. If not, check the number and the country.`
        : 'Start with + and the country code, or check the number and the country.'
  }
}

/** Props: the provider calls, and where to go next. */
export interface PhoneStepProps {
  provider: SignInProvider
  /**
   * The code is on its way to `phoneNumber` (E.164), shown to the holder as `international`
   * (`+44 7911 123456`); `methodId` is the phone id.
   */
  onCodeSent(phoneNumber: string, methodId: string, international: string): void
  onUseEmail(): void
}

/** Country and number; a bad number or a refusal is said here and keeps what was typed. */
export function PhoneStep({ provider, onCodeSent, onUseEmail }: PhoneStepProps) {
  const countries = useMemo(() => countryList(browserLanguages()), [])
  const [region, setRegion] = useState<CountryCode>(() => defaultRegion(browserLanguages()))
  const [number, setNumber] = useState<TypedNumber>({ value: '', byHand: false })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Always reached from another step, by the holder's choice: the number field takes the focus
  // (the country is chosen already), so keyboard and screen-reader users start there.
  const numberInput = useRef<HTMLInputElement>(null)
  useEffect(() => numberInput.current?.focus(), [])

  function changeRegion(next: CountryCode) {
    setRegion(next)
    // A number the holder has not formatted is formatted again for its new country.
    if (!number.byHand) {
      setNumber({ ...number, value: formatAsTyped(next, number.value) ?? number.value })
    }
  }

  function changeNumber(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target
    const caretAtEnd = field.selectionEnd === null || field.selectionEnd === field.value.length
    setNumber(typeNumber(region, number, field.value, caretAtEnd))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = toE164(region, number.value)
    if (!checked.ok) {
      const picked = countries.find((country) => country.region === region)
      const where = mobileIn(picked, checked.callingCode)
      setError(problemText(checked, where))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { methodId } = await provider.sendSmsCode(checked.e164)
      onCodeSent(checked.e164, methodId, checked.international)
    } catch (failure) {
      setError(signInErrorText(failure))
      setBusy(false)
    }
  }

  const described = error ? 'phone-error' : undefined
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lede">We will text you a 6-digit code. No password needed.</p>
      <CountryPicker
        countries={countries}
        region={region}
        onRegionChange={changeRegion}
        onDone={() => numberInput.current?.focus()}
      />
      <label className="field">
        <span className="field__label">Mobile number</span>
        <input
          ref={numberInput}
          className="input"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={number.value}
          onChange={changeNumber}
          onFocus={() => provider.warm?.()}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </label>
      {error ? <FormError id="phone-error">{error}</FormError> : null}
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
