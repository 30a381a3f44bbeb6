/** Verifies a provider session JWT against the emulator's JWKS, as a real backend would (jose). */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose'
import type { Clock } from '../clock.ts'

/** The claim under which the provider puts the session (its factors say how the user signed in). */
const SESSION_CLAIM = 'https://stytch.com/session'

/** The outcome: the user (and the email they signed in with, if any), or why the token was refused. */
export type Verification =
  { ok: true; userId: string; email: string | undefined } | { ok: false; message: string }

/**
 * The email address the session was proven with: the first authentication factor's
 * `email_factor.email_address` (email code and magic link; a wallet sign-in has none).
 */
export function sessionEmail(payload: JWTPayload): string | undefined {
  const session = payload[SESSION_CLAIM] as { authentication_factors?: unknown } | undefined
  const factors = Array.isArray(session?.authentication_factors)
    ? (session.authentication_factors as { email_factor?: { email_address?: unknown } }[])
    : []
  for (const factor of factors) {
    const address = factor?.email_factor?.email_address
    if (typeof address === 'string' && address) return address.toLowerCase()
  }
  return undefined
}

/** Makes a verifier for `projectId` that fetches keys from the emulator at `providerUrl`. */
export function sessionVerifier(
  providerUrl: string,
  projectId: string,
  clock: Clock,
): (jwt: string) => Promise<Verification> {
  const jwks = createRemoteJWKSet(new URL(`/v1/sessions/jwks/${projectId}`, providerUrl))
  return async (jwt) => {
    try {
      const { payload } = await jwtVerify(jwt, jwks, {
        algorithms: ['RS256'],
        issuer: `stytch.com/${projectId}`,
        audience: projectId,
        typ: 'JWT',
        currentDate: new Date(clock.now()),
      })
      if (!payload.sub) return { ok: false, message: 'Session JWT has no subject.' }
      return { ok: true, userId: payload.sub, email: sessionEmail(payload) }
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        return { ok: false, message: 'Session JWT has expired.' }
      return { ok: false, message: 'Session JWT is invalid.' }
    }
  }
}
