/** Mints the session JWT: RS256, `typ: JWT`, `kid`, issuer `stytch.com/{project}`, 5-minute life, session claim. */
import { SignJWT } from 'jose'
import type { SigningKey } from './signing-key.ts'

/** How long a session JWT lives, in seconds, whatever the session's own expiry. */
export const JWT_LIFETIME_SECONDS = 300

/** The claim name under which the provider puts the session. */
export const SESSION_CLAIM = 'https://stytch.com/session'

/** Signs a JWT for `userId` carrying `sessionClaim`, issued at `nowMs`. */
export async function mintSessionJwt(
  key: SigningKey,
  projectId: string,
  userId: string,
  sessionClaim: Record<string, unknown>,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000)
  return new SignJWT({ [SESSION_CLAIM]: sessionClaim })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
    .setSubject(userId)
    .setAudience([projectId])
    .setIssuer(`stytch.com/${projectId}`)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + JWT_LIFETIME_SECONDS)
    .sign(key.privateKey)
}
