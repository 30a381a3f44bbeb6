/** The provider's crypto-wallet calls (start → challenge, authenticate → session), over the lazy SDK. */
import { SESSION_DURATION_MINUTES } from '../../core/constants.ts'
import { parseAuthenticateData, type AuthenticateData } from '../../core/provider-session.ts'
import {
  loadProviderClient,
  withDeadline,
  type ProviderClient,
} from '../../shared/provider-client.ts'
import { isNetworkFailure } from '../../shared/network-failure.ts'

/** The statement of a Sign-In With Ethereum message (one line, per EIP-4361). */
export const SIWE_STATEMENT = 'Sign in to IYK Cards.'

/** What wallet sign-in needs from the provider; components take it as a prop so tests can fake it. */
export interface WalletSignInProvider {
  /** Asks for a challenge for `address` on `chainId` (used when the project wants SIWE). */
  start(address: string, chainId: number): Promise<string>
  /** Sends the signature over the challenge; resolves with the new session's parts. */
  authenticate(address: string, signature: string): Promise<AuthenticateData>
}

/** The sign-in service could not be reached: the SDK's code or a call to the service failed on the network. */
export class SignInServiceUnreachableError extends Error {
  override name = 'SignInServiceUnreachableError'
  constructor(cause: unknown) {
    super('The sign-in service could not be reached.', { cause })
  }
}

/** Runs one SDK call (with its deadline); a network failure becomes SignInServiceUnreachableError. */
async function callProvider<T>(call: (client: ProviderClient) => Promise<T>): Promise<T> {
  try {
    return await withDeadline(call(await loadProviderClient()))
  } catch (error) {
    throw isNetworkFailure(error) ? new SignInServiceUnreachableError(error) : error
  }
}

/** The real provider, through `@stytch/vanilla-js` headless (`cryptoWallets`). */
export const stytchWalletSignIn: WalletSignInProvider = {
  async start(address, chainId) {
    // The SDK sends siwe_params only when the project's bootstrap asks for SIWE.
    const { challenge } = await callProvider((client) =>
      client.cryptoWallets.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: 'ethereum',
        siwe_params: { statement: SIWE_STATEMENT, chain_id: String(chainId) },
      }),
    )
    return challenge
  },
  async authenticate(address, signature) {
    const response = await callProvider((client) =>
      client.cryptoWallets.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: 'ethereum',
        signature,
        session_duration_minutes: SESSION_DURATION_MINUTES,
      }),
    )
    return parseAuthenticateData(response)
  },
}
