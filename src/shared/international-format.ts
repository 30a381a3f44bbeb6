/**
 * A phone number in international format (`+44 7911 123456`), read with Google's numbering plans
 * (libphonenumber-js, the same mobile metadata as the phone step, so one chunk serves both).
 * Loaded lazily by PhoneNumberDisplay (the account page, "Signed in as …"): the library is no
 * part of start-up (decision 019).
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/mobile'

/** `e164` in international format, or `e164` itself where the library cannot read it. */
export function internationalFormat(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational()
  } catch {
    return e164
  }
}
