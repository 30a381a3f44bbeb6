/** Users by phone number: find or create, look up by phone id, and the verified SMS factor. */
import { rfc3339 } from '../clock.ts'
import { newId } from './ids.ts'
import type { Factor, ProviderState, UserRecord } from './state.ts'

/** The user owning `phoneNumber`, creating it when new; says whether it was created. */
export function userForPhone(
  state: ProviderState,
  phoneNumber: string,
  createdAt: string,
): { user: UserRecord; created: boolean } {
  const existing = Object.values(state.users).find((user) =>
    (user.phone_numbers ?? []).some((entry) => entry.phone_number === phoneNumber),
  )
  if (existing) return { user: existing, created: false }
  const user: UserRecord = {
    user_id: newId('user'),
    created_at: createdAt,
    emails: [],
    crypto_wallets: [],
    phone_numbers: [
      { phone_id: newId('phone-number'), phone_number: phoneNumber, verified: false },
    ],
  }
  state.users[user.user_id] = user
  return { user, created: true }
}

/** The user with the phone `phoneId`, if any. */
export function userWithPhone(state: ProviderState, phoneId: string): UserRecord | undefined {
  return Object.values(state.users).find((user) =>
    (user.phone_numbers ?? []).some((entry) => entry.phone_id === phoneId),
  )
}

/** Marks the phone `phoneId` verified (the holder typed the code sent to it) and returns the SMS factor. */
export function verifyPhone(user: UserRecord, phoneId: string, nowMs: number): Factor {
  const entry = user.phone_numbers?.find((phone) => phone.phone_id === phoneId)
  if (entry) entry.verified = true
  return {
    type: 'otp',
    delivery_method: 'sms',
    last_authenticated_at: rfc3339(nowMs),
    phone_number_factor: { phone_id: phoneId, phone_number: entry?.phone_number ?? '' },
  }
}
