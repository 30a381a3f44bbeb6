/** Verifies a provider session JWT against the emulator's JWKS, as a real backend would (jose). */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import type { Clock } from '../clock.ts'

/** The outcome: the user id, or why the token was refused. */
export type Verification = { ok: true; userId: string } | { ok: false; message: string }

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
      return { ok: true, userId: payload.sub }
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        return { ok: false, message: 'Session JWT has expired.' }
      return { ok: false, message: 'Session JWT is invalid.' }
    }
  }
}
