/** Small checks shared by the email flows: address format, expiry minutes, verified marks. */
import { ProviderError } from './errors.ts'
import type { ProviderState } from './state.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The address, lower-cased, or 400 `invalid_email`. */
export function checkEmail(value: unknown): string {
  const email = String(value).trim()
  if (!EMAIL.test(email)) throw new ProviderError(400, 'invalid_email', 'Email format is invalid.')
  return email.toLowerCase()
}

/** The provider's bounds for one expiry field, and the `error_type` it answers when they are broken. */
export interface ExpiryRule {
  field: string
  fallback: number
  min: number
  max: number
  errorType: string
}

/** Validated expiry minutes (the rule's default when absent), or 400 with the rule's `error_type`. */
export function expiryMinutes(minutes: number | undefined, rule: ExpiryRule): number {
  if (minutes === undefined) return rule.fallback
  if (!Number.isInteger(minutes) || minutes < rule.min || minutes > rule.max) {
    throw new ProviderError(
      400,
      rule.errorType,
      `${rule.field} must be a whole number of minutes from ${rule.min} to ${rule.max}.`,
    )
  }
  return minutes
}

/** Marks the email with `emailId` verified after the user proved they own it. */
export function markVerified(state: ProviderState, userId: string, emailId: string): void {
  const entry = state.users[userId]?.emails.find((email) => email.email_id === emailId)
  if (entry) entry.verified = true
}
