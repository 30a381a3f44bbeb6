/**
 * The phone number step of text-message sign-in: a country, a mobile number formatted as it is
 * typed, then a texted code. Loaded lazily with the phone-number library (phone-step-loader.tsx).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CountryCode } from 'libphonenumber-js/mobile'
import { countryList, type Country } from './country-list.ts'
import { CountryPicker } from './country-picker.tsx'
import { formatAsTyped, typeNumber, type TypedNumber } from './number-typing.ts'
import { defaultRegion, toE164, type PhoneCheck } from './phone-number.ts'
import { inWords, signInError, type SignInMessage } from './sign-in-errors.ts'
import type { SignInProvider } from './sign-in-provider.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './phone-step.css'

/** The browser's languages, for the default country. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/** A number of the right shape that the numbering plan it was read in refuses, and why. */
type PlanProblem = 'too-short' | 'too-long' | 'length' | 'not-mobile'

/**
 * What a number the plan refuses is told, naming the plan: "a mobile number in Vietnam (+84)" when
 * it is the picked country's, else "a +44 mobile number" (each a sentence of its own, so that a
 * translation can fit the words around the plan).
 */
function planProblemText(
  reason: PlanProblem,
  picked: Country | undefined,
  readCode: string | undefined,
): MessageDescriptor {
  if (picked && (readCode === undefined || readCode === picked.callingCode)) {
    const { name: country, callingCode } = picked
    switch (reason) {
      case 'too-short':
        return msg`That number is too short for a mobile number in ${country} (+${callingCode}). Check the number and the country.`
      case 'too-long':
        return msg`That number is too long for a mobile number in ${country} (+${callingCode}). Check the number and the country.`
      case 'length':
        return msg`That number has the wrong number of digits for a mobile number in ${country} (+${callingCode}). Check the number and the country.`
      case 'not-mobile':
        return msg`That is not a mobile number in ${country} (+${callingCode}). Codes come by text message, so they need a mobile number: check the number and the country.`
    }
  }
  if (readCode) {
    const callingCode = readCode
    switch (reason) {
      case 'too-short':
        return msg`That number is too short for a +${callingCode} mobile number. Check the number and the country.`
      case 'too-long':
        return msg`That number is too long for a +${callingCode} mobile number. Check the number and the country.`
      case 'length':
        return msg`That number has the wrong number of digits for a +${callingCode} mobile number. Check the number and the country.`
      case 'not-mobile':
        return msg`That is not a +${callingCode} mobile number. Codes come by text message, so they need a mobile number: check the number and the country.`
    }
  }
  switch (reason) {
    case 'too-short':
      return msg`That number is too short for a mobile number. Check the number and the country.`
    case 'too-long':
      return msg`That number is too long for a mobile number. Check the number and the country.`
    case 'length':
      return msg`That number has the wrong number of digits for a mobile number. Check the number and the country.`
    case 'not-mobile':
      return msg`That is not a mobile number. Codes come by text message, so they need a mobile number: check the number and the country.`
  }
}

/** What a number that cannot be texted is told, by reason; `picked`: the country picked for it. */
function problemText(
  check: PhoneCheck & { ok: false },
  picked: Country | undefined,
): MessageDescriptor {
  const { callingCode, international } = check
  switch (check.reason) {
    case 'empty':
      return msg`Enter your mobile number.`
    case 'characters':
      return msg`A phone number has digits only (spaces, dashes and brackets are fine).`
    case 'extension':
      return msg`Enter the mobile number alone: a text cannot go to an extension.`
    case 'country-code':
      return callingCode
        ? msg`No country has the calling code +${callingCode}. Check the number, or pick the country and leave out the code.`
        : msg`That is not a calling code. Check the number, or pick the country and leave out the code.`
    case 'international':
      return international
        ? msg`If you mean ${international}, type it that way: start with + and the country code. If not, check the number and the country.`
        : msg`Start with + and the country code, or check the number and the country.`
    default:
      return planProblemText(check.reason, picked, callingCode)
  }
}

/**
 * What the form says went wrong: a number refused here (with the country picked for it, put in
 * words when shown so country names follow the language too), or the provider's refusal.
 */
type Problem =
  { refused: PhoneCheck & { ok: false }; region: CountryCode } | { failed: SignInMessage }

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
  const { i18n } = useLingui()
  // Named and sorted in the page's language, again when it changes.
  const countries = useMemo(() => countryList([i18n.locale]), [i18n.locale])
  const [region, setRegion] = useState<CountryCode>(() => defaultRegion(browserLanguages()))
  const [number, setNumber] = useState<TypedNumber>({ value: '', byHand: false })
  const [problem, setProblem] = useState<Problem | null>(null)
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
      setProblem({ refused: checked, region })
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const { methodId } = await provider.sendSmsCode(checked.e164)
      onCodeSent(checked.e164, methodId, checked.international)
    } catch (failure) {
      setProblem({ failed: signInError(failure) })
      setBusy(false)
    }
  }

  const error =
    problem === null
      ? null
      : 'refused' in problem
        ? problemText(
            problem.refused,
            countries.find((country) => country.region === problem.region),
          )
        : problem.failed
  const described = error ? 'phone-error' : undefined
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lede">
        <Trans>We will text you a 6-digit code. No password needed.</Trans>
      </p>
      <CountryPicker
        countries={countries}
        region={region}
        onRegionChange={changeRegion}
        onDone={() => numberInput.current?.focus()}
      />
      <label className="field">
        <span className="field__label">
          <Trans>Mobile number</Trans>
        </span>
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
      {error ? <FormError id="phone-error">{inWords(error, i18n)}</FormError> : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Trans>Sending code…</Trans> : <Trans>Text me a code</Trans>}
      </button>
      <div className="form__links">
        <button type="button" className="link-button" onClick={onUseEmail}>
          <Trans>Use email instead</Trans>
        </button>
      </div>
    </form>
  )
}
