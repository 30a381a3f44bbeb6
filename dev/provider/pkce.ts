/** PKCE as the provider checks it for magic links and OAuth: the S256 challenge and the verifier's check. */
import { createHash } from 'node:crypto'
import { ProviderError } from './errors.ts'

/** `base64url(sha256(verifier))` without padding: the S256 PKCE challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/**
 * Refuses a verifier that does not fit the challenge the flow began with: none sent when one is
 * needed, one sent when the flow began without (`flow` names it in that message), or a mismatch.
 */
export function checkPkce(
  challenge: string | undefined,
  verifier: string | undefined,
  flow: string,
): void {
  if (challenge && verifier === undefined) {
    throw new ProviderError(400, 'pkce_expected_code_verifier', 'A code_verifier is required.')
  }
  if (!challenge && verifier !== undefined) {
    throw new ProviderError(
      400,
      'pkce_did_not_expect_code_verifier',
      `${flow} was started without a code_challenge.`,
    )
  }
  if (challenge && verifier !== undefined && pkceChallenge(verifier) !== challenge) {
    throw new ProviderError(400, 'pkce_mismatch', 'The code_verifier does not match (pkce).')
  }
}
