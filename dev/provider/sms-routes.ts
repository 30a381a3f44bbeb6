/** Text-message codes: `POST /otps/sms/login_or_create` and `/otps/sms/send/primary`; phone users and factors. */
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { expiryMinutes } from './email-checks.ts'
import { ProviderError } from './errors.ts'
import { readFields } from './fields.ts'
import { newCode } from './ids.ts'
import { deliver } from './inbox.ts'
import { OTP_EXPIRY } from './otp-routes.ts'
import { userForPhone } from './phone-users.ts'
import { sdkRoute } from './sdk-route.ts'

/**
 * E.164 as the provider asks for it ("+1XXXXXXXXXX"): a `+`, a country code that does not start
 * with 0, and 7 to 15 digits in all. The provider also checks numbering plans; this stand-in
 * stops at the shape, which is what the app can be held to.
 */
const E164 = /^\+[1-9]\d{6,14}$/

/** The number as sent, or 400 `invalid_phone_number` (the provider's error type for a bad number). */
export function checkPhoneNumber(value: unknown): string {
  const number = String(value).trim()
  if (!E164.test(number)) {
    throw new ProviderError(
      400,
      'invalid_phone_number',
      'Phone number format is invalid. Use E.164, e.g. +12025550162.',
    )
  }
  return number
}

const SEND_FIELDS = {
  phone_number: 'string',
  expiration_minutes: 'number?',
  locale: 'string?',
  enable_autofill: 'boolean?',
  autofill_session_duration_minutes: 'number?',
  captcha_token: 'string?',
  dfp_telemetry_id: 'string?',
} as const

function sendCode(ctx: ProviderContext, req: DevRequest, create: boolean): object {
  const fields = readFields(req, SEND_FIELDS)
  const phoneNumber = checkPhoneNumber(fields.phone_number)
  const minutes = expiryMinutes(fields.expiration_minutes, OTP_EXPIRY)
  const now = ctx.clock.now()
  ctx.limits.take('sms', phoneNumber, now)
  const known = Object.values(ctx.store.data.users).some((user) =>
    (user.phone_numbers ?? []).some((entry) => entry.phone_number === phoneNumber),
  )
  if (!create && !known) {
    throw new ProviderError(404, 'phone_number_not_found', 'Phone number could not be found.')
  }
  const { user, created, phoneId, code } = ctx.store.update((state) => {
    const found = userForPhone(state, phoneNumber, rfc3339(now))
    const phoneId =
      found.user.phone_numbers?.find((entry) => entry.phone_number === phoneNumber)?.phone_id ?? ''
    const code = newCode()
    // A new code replaces any earlier one for the same number.
    state.otps[phoneId] = {
      method_id: phoneId,
      phone_number: phoneNumber,
      code,
      attempts: 0,
      expires_at: rfc3339(now + minutes * 60_000),
    }
    return { ...found, phoneId, code }
  })
  deliver(ctx, { phone_number: phoneNumber, kind: 'sms', code, sentAt: rfc3339(now) })
  return { user_id: user.user_id, phone_id: phoneId, method_id: phoneId, user_created: created }
}

/**
 * The text-message routes. `POST /otps/authenticate` (otp-routes.ts) takes their codes too: the
 * method id is then the phone id.
 */
export function smsRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/otps/sms/login_or_create', (req) => sendCode(ctx, req, true)),
    sdkRoute(ctx, 'POST', '/otps/sms/send/primary', (req) => sendCode(ctx, req, false)),
  ]
}
