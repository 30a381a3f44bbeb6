/**
 * What to tell a person when a wallet step fails, in our words: every wagmi and viem error the
 * wallet screens can meet, the provider's refusals, and one generic sentence for anything else.
 * Library text ("Connector already connected.") never reaches the screen.
 */
import { errorToText } from '../../core/error-text.ts'
import { isRecord } from '../../core/validation.ts'
import {
  NOT_CONFIRMED_TEXT,
  providerFailureText,
  SERVICE_UNREACHABLE_TEXT,
} from '../../shared/provider-errors.ts'

/** Shown when the person says no in their wallet (EIP-1193 code 4001). */
export const DECLINED_TEXT =
  'You declined the request in your wallet. Nothing was signed or shared.'

/** Shown when the provider refused the signature. */
export const WRONG_SIGNATURE_TEXT =
  'The signature did not match this wallet, so you were not signed in. Try again and sign with the wallet shown.'

/** Shown when the chain cannot be read (RPC down, offline, or blocked). */
export const RPC_UNREACHABLE_TEXT =
  'Cannot reach the network right now, so the balance is unknown. Your wallet is still connected.'

/** Shown when the wallet already shows a request (-32002): another would not appear. */
export const PENDING_TEXT =
  'Your wallet is already showing a request. Open your wallet, answer or close it, then try again.'

/** Shown when the wallet's account changed under the sign-in and nothing could be sent. */
export const ACCOUNT_CHANGED_TEXT =
  'Your wallet changed accounts while you were signing in, so nothing was sent. Try again with the account your wallet shows.'

/** Shown when the wallet locked (it shows no account) while the sign-in ran. */
export const WALLET_LOCKED_TEXT =
  'Your wallet locked while you were signing in, so nothing was sent. Unlock your wallet, then try again.'

/** Shown when the wallet no longer offers the account: it locked or changed accounts, we cannot tell which. */
export const ACCOUNT_GONE_TEXT =
  'Your wallet no longer offers that account, so nothing was sent. Unlock your wallet if it is locked, then try again with the account it shows.'

/** Shown when there is no wallet to talk to. */
export const NO_WALLET_TEXT =
  'No wallet answered. Install a browser wallet, or open this page in your wallet app.'

/** Shown for anything not recognised (it is reported too). */
export const GENERIC_WALLET_TEXT = 'Something went wrong with your wallet. Try again.'

const NOT_CONNECTED_TEXT = 'Your wallet is no longer connected to this site. Choose it again.'
const LOCKED_TEXT =
  'Your wallet did not let this site use that account. Unlock your wallet and allow IYK Cards, then try again.'
const CANNOT_SIGN_TEXT =
  'This wallet cannot sign sign-in messages. Use another wallet, or sign in another way.'
const WALLET_TROUBLE_TEXT =
  'Your wallet ran into a problem. Try again; if it keeps happening, restart your wallet.'
const DISCONNECTED_TEXT =
  'Your wallet lost its connection to the network. Check your wallet, then try again.'
const SWITCH_FAILED_TEXT =
  'Your wallet could not switch to that network. Switch it in your wallet, then try again.'
const TIMEOUT_TEXT = 'Your wallet or the network did not answer in time. Try again.'

/** wagmi and viem errors by class name (their `name`, which survives minification). */
const BY_NAME: Record<string, string> = {
  // wagmi: connectors and connections.
  ConnectorAlreadyConnectedError: 'Your wallet is already connected. Try signing in again.',
  ConnectorNotConnectedError: NOT_CONNECTED_TEXT,
  ConnectorNotFoundError: NO_WALLET_TEXT,
  ProviderNotFoundError: NO_WALLET_TEXT,
  ConnectorAccountNotFoundError: ACCOUNT_GONE_TEXT,
  ConnectorChainMismatchError: 'Your wallet changed network while you were signing in. Try again.',
  ConnectorUnavailableReconnectingError:
    'Your wallet is still reconnecting. Wait a moment, then try again.',
  ChainNotConfiguredError: SWITCH_FAILED_TEXT,
  SwitchChainNotSupportedError:
    'Your wallet cannot switch networks from this site. Switch the network in your wallet.',
  // Our own: the account changed twice during one sign-in, or none is left.
  AccountChangedError: ACCOUNT_CHANGED_TEXT,
  WalletLockedError: WALLET_LOCKED_TEXT,
  // viem: EIP-1193 provider errors.
  UserRejectedRequestError: DECLINED_TEXT,
  UnauthorizedProviderError: LOCKED_TEXT,
  UnsupportedProviderMethodError: CANNOT_SIGN_TEXT,
  ProviderDisconnectedError: DISCONNECTED_TEXT,
  ChainDisconnectedError: DISCONNECTED_TEXT,
  SwitchChainError: SWITCH_FAILED_TEXT,
  // viem: JSON-RPC errors a wallet answers with.
  ResourceUnavailableRpcError: PENDING_TEXT,
  MethodNotFoundRpcError: CANNOT_SIGN_TEXT,
  MethodNotSupportedRpcError: CANNOT_SIGN_TEXT,
  InternalRpcError: WALLET_TROUBLE_TEXT,
  InvalidParamsRpcError: WALLET_TROUBLE_TEXT,
  InvalidInputRpcError: WALLET_TROUBLE_TEXT,
  InvalidRequestRpcError: WALLET_TROUBLE_TEXT,
  ParseRpcError: WALLET_TROUBLE_TEXT,
  LimitExceededRpcError: 'Your wallet is busy. Wait a moment, then try again.',
  // viem: accounts and transports.
  AccountNotFoundError: ACCOUNT_GONE_TEXT,
  TimeoutError: TIMEOUT_TEXT,
  HttpRequestError: 'Cannot reach the network right now. Check your connection and try again.',
}

/** Raw EIP-1193 and JSON-RPC codes, for wallets whose errors reach us unwrapped. */
const BY_CODE: Record<number, string> = {
  4001: DECLINED_TEXT,
  4100: LOCKED_TEXT,
  4200: CANNOT_SIGN_TEXT,
  4900: DISCONNECTED_TEXT,
  4901: DISCONNECTED_TEXT,
  4902: SWITCH_FAILED_TEXT,
  [-32002]: PENDING_TEXT,
  [-32601]: CANNOT_SIGN_TEXT,
  [-32004]: CANNOT_SIGN_TEXT,
  [-32603]: WALLET_TROUBLE_TEXT,
  [-32602]: WALLET_TROUBLE_TEXT,
}

/** Provider error types of the crypto-wallet calls with a clearer message here. */
const PROVIDER_MESSAGES: Record<string, string> = {
  unable_to_authenticate_crypto_wallet: WRONG_SIGNATURE_TEXT,
  invalid_signature: WRONG_SIGNATURE_TEXT,
  siwe_message_expired: 'The sign-in message expired. Try again.',
  crypto_wallet_not_found: 'The sign-in message expired. Try again.',
  too_many_requests: 'Too many tries. Wait a minute, then try again.',
}

/** Follows `cause` links, outermost first (viem and wagmi wrap errors several times). */
function* causes(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; depth < 10 && current !== undefined && current !== null; depth++) {
    yield current
    current = isRecord(current) ? current.cause : undefined
  }
}

/** The first link of the chain that `pick` knows. */
function firstKnown(error: unknown, pick: (link: Record<string, unknown>) => string | undefined) {
  for (const link of causes(error)) {
    const text = isRecord(link) ? pick(link) : undefined
    if (text) return text
  }
  return undefined
}

/** True when the wallet reports that the person declined (UserRejectedRequestError, 4001). */
export function isUserRejection(error: unknown): boolean {
  return (
    firstKnown(error, (link) =>
      link.name === 'UserRejectedRequestError' || link.code === 4001 ? 'yes' : undefined,
    ) !== undefined
  )
}

/** The provider's refusals and the sign-in service being unreachable, busy or slow. */
function providerText(error: unknown): { text: string; known: boolean } | undefined {
  if (!isRecord(error)) return undefined
  const type = error.error_type
  if (typeof type === 'string' && PROVIDER_MESSAGES[type]) {
    return { text: PROVIDER_MESSAGES[type], known: true }
  }
  // Only network failures of the provider call (wallet-sign-in-provider.ts wraps them): any other
  // TypeError is a programming error, here or in a library, and is reported.
  if (error.name === 'SignInServiceUnreachableError') {
    return { text: SERVICE_UNREACHABLE_TEXT, known: true }
  }
  // The worker checks the sign-in at the provider before it keeps it (session-client.ts).
  if (error.name === 'HandoffError') {
    const text = error.failure === 'unreachable' ? SERVICE_UNREACHABLE_TEXT : NOT_CONFIRMED_TEXT
    return { text, known: true }
  }
  const failure = providerFailureText(error)
  if (failure) return { text: failure, known: true }
  // Another provider refusal: its message is written for people (as on the other sign-in steps),
  // but nobody chose these words, so it is reported.
  if (typeof type === 'string') return { text: errorToText(error), known: false }
  return undefined
}

/**
 * Words for a failed connect, sign, switch or provider call, and whether they were chosen for
 * this error (`known`); anything else gets the generic sentence and should be reported.
 */
export function describeWalletError(error: unknown): { text: string; known: boolean } {
  // A "no" anywhere in the chain is what the holder needs to hear, whatever wraps it.
  if (isUserRejection(error)) return { text: DECLINED_TEXT, known: true }
  const byName = firstKnown(error, (link) =>
    typeof link.name === 'string' ? BY_NAME[link.name] : undefined,
  )
  if (byName) return { text: byName, known: true }
  const byCode = firstKnown(error, (link) =>
    typeof link.code === 'number' ? BY_CODE[link.code] : undefined,
  )
  if (byCode) return { text: byCode, known: true }
  return providerText(error) ?? { text: GENERIC_WALLET_TEXT, known: false }
}

/** A message for a failed connect, sign, switch or provider call; never a library's own text. */
export function walletErrorText(error: unknown): string {
  return describeWalletError(error).text
}

/** `0x1234…abcd`: enough to recognise an address, short enough for a phone. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
