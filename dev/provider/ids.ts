/** Identifiers and secrets in the provider's formats (`user-test-<uuid>`, 44-character tokens, 6-digit codes). */
import { randomBytes, randomInt, randomUUID } from 'node:crypto'

/** An id such as `user-test-0b6f…` for the given kind (`user`, `email`, `session`, ...). */
export function newId(kind: string): string {
  return `${kind}-test-${randomUUID()}`
}

/** A request id for a response body. */
export function requestId(): string {
  return newId('request-id')
}

/** An opaque, URL-safe secret of 44 characters without padding (session tokens). */
export function newSecret(): string {
  return randomBytes(33).toString('base64url')
}

/**
 * A magic-link token as the provider mints them: 32 random bytes in base64url *with* its `=`
 * padding, 44 characters (the sandbox token is `DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94=`).
 * The `=` is what a link must URL-encode (`%3D`) and an app must decode.
 */
export function newMagicLinkToken(): string {
  return `${randomBytes(32).toString('base64url')}=`
}

/** A 6-digit one-time code, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
