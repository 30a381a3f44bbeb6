/** Email one-time codes: `POST /otps/email/login_or_create` (and send) and `POST /otps/authenticate` (email and SMS codes). */
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { checkEmail, expiryMinutes, markVerified, type ExpiryRule } from './email-checks.ts'
import { ProviderError } from './errors.ts'
import { readFields } from './fields.ts'
import { newCode } from './ids.ts'
import { deliver } from './inbox.ts'
import { userWithPhone, verifyPhone } from './phone-users.ts'
import { sdkRoute } from './sdk-route.ts'
import { authenticateData, sessionMinutes, startSession } from './sessions.ts'
import { userForEmail } from './users.ts'

/** Wrong guesses allowed per code; the code is then dead until a new one is requested. */
export const MAX_OTP_ATTEMPTS = 5

/**
 * The provider's bounds for `expiration_minutes`: "The minimum expiration is 1 minute and the
 * maximum is 10 minutes. The default expiration is 2 minutes." (the SDK's `OTPCodeOptions`).
 */
export const OTP_EXPIRY: ExpiryRule = {
  field: 'expiration_minutes',
  fallback: 2,
  min: 1,
  max: 10,
  errorType: 'invalid_expiration_otp',
}

const SEND_FIELDS = {
  email: 'string',
  expiration_minutes: 'number?',
  locale: 'string?',
  login_template_id: 'string?',
  signup_template_id: 'string?',
  captcha_token: 'string?',
  dfp_telemetry_id: 'string?',
} as const

function sendCode(ctx: ProviderContext, req: DevRequest, create: boolean): object {
  const fields = readFields(req, SEND_FIELDS)
  const email = checkEmail(fields.email)
  const minutes = expiryMinutes(fields.expiration_minutes, OTP_EXPIRY)
  const now = ctx.clock.now()
  ctx.limits.take('otp', email, now)
  const known = Object.values(ctx.store.data.users).some((user) =>
    user.emails.some((entry) => entry.email === email),
  )
  if (!create && !known)
    throw new ProviderError(404, 'email_not_found', 'Email could not be found.')
  const { user, created, emailId, code } = ctx.store.update((state) => {
    const found = userForEmail(state, email, rfc3339(now))
    const entry = found.user.emails.find((item) => item.email === email)
    const methodId = entry?.email_id ?? ''
    const otp = { method_id: methodId, email, code: newCode(), attempts: 0 }
    // A new code replaces any earlier one for the same address.
    state.otps[methodId] = { ...otp, expires_at: rfc3339(now + minutes * 60_000) }
    return { ...found, emailId: methodId, code: otp.code }
  })
  deliver(ctx, { email, kind: 'otp', code, sentAt: rfc3339(now) })
  return { user_id: user.user_id, email_id: emailId, method_id: emailId, user_created: created }
}

async function authenticateCode(ctx: ProviderContext, req: DevRequest): Promise<object> {
  const fields = readFields(req, {
    token: 'string',
    method_id: 'string',
    session_duration_minutes: 'number?',
    captcha_token: 'string?',
    dfp_telemetry_id: 'string?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  const methodId = fields.method_id
  const otp = ctx.store.data.otps[methodId]
  if (!otp) throw new ProviderError(404, 'otp_code_not_found', 'The OTP code could not be found.')
  if (Date.parse(otp.expires_at) <= ctx.clock.now()) {
    ctx.store.update((state) => delete state.otps[methodId])
    throw new ProviderError(401, 'unable_to_auth_otp_code', 'The OTP code has expired.')
  }
  if (otp.attempts >= MAX_OTP_ATTEMPTS) {
    throw new ProviderError(
      401,
      'unable_to_auth_otp_code',
      'Too many wrong attempts: request a new code.',
    )
  }
  if (fields.token !== otp.code) {
    ctx.store.update(() => (otp.attempts += 1))
    throw new ProviderError(404, 'otp_code_not_found', 'The OTP code is incorrect.')
  }
  const session = ctx.store.update((state) => {
    delete state.otps[methodId]
    // An SMS code's method id is the phone id: that phone is then verified.
    if (otp.phone_number !== undefined) {
      const user = userWithPhone(state, methodId)
      if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
      return startSession(ctx, state, user, verifyPhone(user, methodId, ctx.clock.now()), minutes)
    }
    const user = Object.values(state.users).find((candidate) =>
      candidate.emails.some((entry) => entry.email_id === methodId),
    )
    if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
    markVerified(state, user.user_id, methodId)
    const factor = {
      type: 'otp',
      delivery_method: 'email',
      last_authenticated_at: rfc3339(ctx.clock.now()),
      email_factor: { email_id: methodId, email_address: otp.email ?? '' },
    }
    return startSession(ctx, state, user, factor, minutes)
  })
  return { ...(await authenticateData(ctx, session)), method_id: methodId }
}

/** The email-code routes. */
export function otpRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/otps/email/login_or_create', (req) => sendCode(ctx, req, true)),
    sdkRoute(ctx, 'POST', '/otps/email/send/primary', (req) => sendCode(ctx, req, false)),
    sdkRoute(ctx, 'POST', '/otps/authenticate', (req) => authenticateCode(ctx, req)),
  ]
}
