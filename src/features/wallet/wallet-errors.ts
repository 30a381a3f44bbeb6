/** What to tell a person when a wallet step fails: a declined request, a bad signature, no RPC. */
import { errorToText } from '../../core/error-text.ts'
import { isRecord } from '../../core/validation.ts'

/** Shown when the person says no in their wallet (EIP-1193 code 4001). */
export const DECLINED_TEXT =
  'You declined the request in your wallet. Nothing was signed or shared.'

/** Shown when the provider refused the signature. */
export const WRONG_SIGNATURE_TEXT =
  'The signature did not match this wallet, so you were not signed in. Try again and sign with the wallet shown.'

/** Shown when the chain cannot be read (RPC down, offline, or blocked). */
export const RPC_UNREACHABLE_TEXT =
  'Cannot reach the network right now, so the balance is unknown. Your wallet is still connected.'

/** Provider error types of the crypto-wallet calls with a clearer message here. */
const PROVIDER_MESSAGES: Record<string, string> = {
  unable_to_authenticate_crypto_wallet: WRONG_SIGNATURE_TEXT,
  invalid_signature: WRONG_SIGNATURE_TEXT,
  siwe_message_expired: 'The sign-in message expired. Try again.',
  crypto_wallet_not_found: 'The sign-in message expired. Try again.',
  too_many_requests: 'Too many tries. Wait a minute, then try again.',
}

/** Follows `cause` links (viem and wagmi wrap errors several times). */
function* causes(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; depth < 10 && current !== undefined && current !== null; depth++) {
    yield current
    current = isRecord(current) ? current.cause : undefined
  }
}

/** True when the wallet reports that the person declined (UserRejectedRequestError, 4001). */
export function isUserRejection(error: unknown): boolean {
  for (const item of causes(error)) {
    if (!isRecord(item)) continue
    if (item.name === 'UserRejectedRequestError' || item.code === 4001) return true
  }
  return false
}

/** True when the wallet's connector has no provider (no wallet installed). */
function isMissingWallet(error: unknown): boolean {
  for (const item of causes(error)) {
    if (isRecord(item) && item.name === 'ProviderNotFoundError') return true
  }
  return false
}

/** A message for a failed connect, sign, switch or provider call; never includes a secret. */
export function walletErrorText(error: unknown): string {
  if (isUserRejection(error)) return DECLINED_TEXT
  if (isMissingWallet(error)) {
    return 'No wallet answered. Install a browser wallet, or open this page in your wallet app.'
  }
  if (isRecord(error)) {
    const type = error.error_type
    if (typeof type === 'string' && PROVIDER_MESSAGES[type]) return PROVIDER_MESSAGES[type]
    if (error.name === 'StytchAPIUnreachableError' || error instanceof TypeError) {
      return 'Cannot reach the sign-in service. Check your connection and try again.'
    }
    if (error.name === 'SignInDeadlineError') {
      return 'The sign-in service is not answering. Check your connection and try again.'
    }
    // A server error's own text is for engineers ("Injected fault", "Internal server error").
    if (typeof error.status_code === 'number' && error.status_code >= 500) {
      return 'The sign-in service is having trouble right now. Try again in a moment.'
    }
    if (typeof error.shortMessage === 'string' && error.shortMessage.trim() !== '') {
      return error.shortMessage
    }
  }
  return errorToText(error)
}

/** `0x1234…abcd`: enough to recognise an address, short enough for a phone. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
