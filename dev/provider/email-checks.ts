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

/** Validated expiry minutes (default when absent), or 400 `invalid_expiration`. */
export function expiryMinutes(value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback
  const minutes = value as number
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > max) {
    throw new ProviderError(
      400,
      'invalid_expiration',
      `Expiration must be from 1 to ${max} minutes.`,
    )
  }
  return minutes
}

/** Marks the email with `emailId` verified after the user proved they own it. */
export function markVerified(state: ProviderState, userId: string, emailId: string): void {
  const entry = state.users[userId]?.emails.find((email) => email.email_id === emailId)
  if (entry) entry.verified = true
}
