/**
 * What to tell a person when a wallet step fails, in our words: every wagmi and viem error the
 * wallet screens can meet, the provider's refusals, and one generic sentence for anything else.
 * Library text ("Connector already connected.") never reaches the screen.
 */
import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorWords } from '../../shared/error-words.ts'
import { isRecord } from '../../core/validation.ts'
import {
  NOT_CONFIRMED_MESSAGE,
  providerFailureMessage,
  SERVICE_UNREACHABLE_MESSAGE,
} from '../../shared/provider-errors.ts'

/** Shown when the person says no in their wallet (EIP-1193 code 4001). */
export const DECLINED_MESSAGE: MessageDescriptor = msg`You declined the request in your wallet. Nothing was signed or shared.`

/** Shown when the provider refused the signature. */
export const WRONG_SIGNATURE_MESSAGE: MessageDescriptor = msg`The signature did not match this wallet, so you were not signed in. Try again and sign with the wallet shown.`

/** Shown when the chain cannot be read (RPC down, offline, or blocked). */
export const RPC_UNREACHABLE_MESSAGE: MessageDescriptor = msg`Cannot reach the network right now, so the balance is unknown. Your wallet is still connected.`

/** Shown when the wallet already shows a request (-32002): another would not appear. */
export const PENDING_MESSAGE: MessageDescriptor = msg`Your wallet is already showing a request. Open your wallet, answer or close it, then try again.`

/** Shown when the wallet's account changed under the sign-in and nothing could be sent. */
export const ACCOUNT_CHANGED_MESSAGE: MessageDescriptor = msg`Your wallet changed accounts while you were signing in, so nothing was sent. Try again with the account your wallet shows.`

/** Shown when the wallet locked (it shows no account) while the sign-in ran. */
export const WALLET_LOCKED_MESSAGE: MessageDescriptor = msg`Your wallet locked while you were signing in, so nothing was sent. Unlock your wallet, then try again.`

/** Shown when the wallet no longer offers the account: it locked or changed accounts, we cannot tell which. */
export const ACCOUNT_GONE_MESSAGE: MessageDescriptor = msg`Your wallet no longer offers that account, so nothing was sent. Unlock your wallet if it is locked, then try again with the account it shows.`

/** Shown when there is no wallet to talk to. */
export const NO_WALLET_MESSAGE: MessageDescriptor = msg`No wallet answered. Install a browser wallet, or open this page in your wallet app.`

/** Shown for anything not recognised (it is reported too). */
export const GENERIC_WALLET_MESSAGE: MessageDescriptor = msg`Something went wrong with your wallet. Try again.`

const NOT_CONNECTED = msg`Your wallet is no longer connected to this site. Choose it again.`
const LOCKED = msg`Your wallet did not let this site use that account. Unlock your wallet and allow IYK Cards, then try again.`
const CANNOT_SIGN = msg`This wallet cannot sign sign-in messages. Use another wallet, or sign in another way.`
const WALLET_TROUBLE = msg`Your wallet ran into a problem. Try again; if it keeps happening, restart your wallet.`
const DISCONNECTED = msg`Your wallet lost its connection to the network. Check your wallet, then try again.`
const SWITCH_FAILED = msg`Your wallet could not switch to that network. Switch it in your wallet, then try again.`
const TIMEOUT = msg`Your wallet or the network did not answer in time. Try again.`
const MESSAGE_EXPIRED = msg`The sign-in message expired. Try again.`

/** wagmi and viem errors by class name (their `name`, which survives minification). */
const BY_NAME: Record<string, MessageDescriptor> = {
  // wagmi: connectors and connections.
  ConnectorAlreadyConnectedError: msg`Your wallet is already connected. Try signing in again.`,
  ConnectorNotConnectedError: NOT_CONNECTED,
  ConnectorNotFoundError: NO_WALLET_MESSAGE,
  ProviderNotFoundError: NO_WALLET_MESSAGE,
  ConnectorAccountNotFoundError: ACCOUNT_GONE_MESSAGE,
  ConnectorChainMismatchError: msg`Your wallet changed network while you were signing in. Try again.`,
  ConnectorUnavailableReconnectingError: msg`Your wallet is still reconnecting. Wait a moment, then try again.`,
  ChainNotConfiguredError: SWITCH_FAILED,
  SwitchChainNotSupportedError: msg`Your wallet cannot switch networks from this site. Switch the network in your wallet.`,
  // Our own: the account changed twice during one sign-in, or none is left.
  AccountChangedError: ACCOUNT_CHANGED_MESSAGE,
  WalletLockedError: WALLET_LOCKED_MESSAGE,
  // viem: EIP-1193 provider errors.
  UserRejectedRequestError: DECLINED_MESSAGE,
  UnauthorizedProviderError: LOCKED,
  UnsupportedProviderMethodError: CANNOT_SIGN,
  ProviderDisconnectedError: DISCONNECTED,
  ChainDisconnectedError: DISCONNECTED,
  SwitchChainError: SWITCH_FAILED,
  // viem: JSON-RPC errors a wallet answers with.
  ResourceUnavailableRpcError: PENDING_MESSAGE,
  MethodNotFoundRpcError: CANNOT_SIGN,
  MethodNotSupportedRpcError: CANNOT_SIGN,
  InternalRpcError: WALLET_TROUBLE,
  InvalidParamsRpcError: WALLET_TROUBLE,
  InvalidInputRpcError: WALLET_TROUBLE,
  InvalidRequestRpcError: WALLET_TROUBLE,
  ParseRpcError: WALLET_TROUBLE,
  LimitExceededRpcError: msg`Your wallet is busy. Wait a moment, then try again.`,
  // viem: accounts and transports.
  AccountNotFoundError: ACCOUNT_GONE_MESSAGE,
  TimeoutError: TIMEOUT,
  HttpRequestError: msg`Cannot reach the network right now. Check your connection and try again.`,
}

/** Raw EIP-1193 and JSON-RPC codes, for wallets whose errors reach us unwrapped. */
const BY_CODE: Record<number, MessageDescriptor> = {
  4001: DECLINED_MESSAGE,
  4100: LOCKED,
  4200: CANNOT_SIGN,
  4900: DISCONNECTED,
  4901: DISCONNECTED,
  4902: SWITCH_FAILED,
  [-32002]: PENDING_MESSAGE,
  [-32601]: CANNOT_SIGN,
  [-32004]: CANNOT_SIGN,
  [-32603]: WALLET_TROUBLE,
  [-32602]: WALLET_TROUBLE,
}

/** Provider error types of the crypto-wallet calls with a clearer message here. */
const PROVIDER_MESSAGES: Record<string, MessageDescriptor> = {
  unable_to_authenticate_crypto_wallet: WRONG_SIGNATURE_MESSAGE,
  invalid_signature: WRONG_SIGNATURE_MESSAGE,
  siwe_message_expired: MESSAGE_EXPIRED,
  crypto_wallet_not_found: MESSAGE_EXPIRED,
  too_many_requests: msg`Too many tries. Wait a minute, then try again.`,
}

/**
 * What a failure says: one of our messages (read in the active language when shown), or the
 * provider's own words for a refusal nobody worded here, shown as they are.
 */
type WalletErrorWords = MessageDescriptor | string

/** Follows `cause` links, outermost first (viem and wagmi wrap errors several times). */
function* causes(error: unknown): Generator<unknown> {
  let current = error
  for (let depth = 0; depth < 10 && current !== undefined && current !== null; depth++) {
    yield current
    current = isRecord(current) ? current.cause : undefined
  }
}

/** The first link of the chain that `pick` knows. */
function firstKnown<T>(error: unknown, pick: (link: Record<string, unknown>) => T | undefined) {
  for (const link of causes(error)) {
    const found = isRecord(link) ? pick(link) : undefined
    if (found) return found
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
function providerWords(error: unknown): { words: WalletErrorWords; known: boolean } | undefined {
  if (!isRecord(error)) return undefined
  const type = error.error_type
  if (typeof type === 'string' && PROVIDER_MESSAGES[type]) {
    return { words: PROVIDER_MESSAGES[type], known: true }
  }
  // Only network failures of the provider call (wallet-sign-in-provider.ts wraps them): any other
  // TypeError is a programming error, here or in a library, and is reported.
  if (error.name === 'SignInServiceUnreachableError') {
    return { words: SERVICE_UNREACHABLE_MESSAGE, known: true }
  }
  // The worker checks the sign-in at the provider before it keeps it (session-client.ts).
  if (error.name === 'HandoffError') {
    const words =
      error.failure === 'unreachable' ? SERVICE_UNREACHABLE_MESSAGE : NOT_CONFIRMED_MESSAGE
    return { words, known: true }
  }
  const failure = providerFailureMessage(error)
  if (failure) return { words: failure, known: true }
  // Another provider refusal: its message is written for people (as on the other sign-in steps),
  // but nobody chose these words, so it is reported. It comes in English only.
  if (typeof type === 'string') return { words: errorWords(error), known: false }
  return undefined
}

/**
 * Words for a failed connect, sign, switch or provider call, and whether they were chosen for
 * this error (`known`); anything else gets the generic sentence and should be reported.
 */
function walletErrorWords(error: unknown): { words: WalletErrorWords; known: boolean } {
  // A "no" anywhere in the chain is what the holder needs to hear, whatever wraps it.
  if (isUserRejection(error)) return { words: DECLINED_MESSAGE, known: true }
  const byName = firstKnown(error, (link) =>
    typeof link.name === 'string' ? BY_NAME[link.name] : undefined,
  )
  if (byName) return { words: byName, known: true }
  const byCode = firstKnown(error, (link) =>
    typeof link.code === 'number' ? BY_CODE[link.code] : undefined,
  )
  if (byCode) return { words: byCode, known: true }
  return providerWords(error) ?? { words: GENERIC_WALLET_MESSAGE, known: false }
}

/**
 * walletErrorWords as text in the active language, read when called: call it as a component
 * renders (one that calls `useLingui()`), so the words follow a change of language.
 */
export function describeWalletError(error: unknown): { text: string; known: boolean } {
  const { words, known } = walletErrorWords(error)
  return { text: typeof words === 'string' ? words : i18n._(words), known }
}

/** A message for a failed connect, sign, switch or provider call; never a library's own text. */
export function walletErrorText(error: unknown): string {
  return describeWalletError(error).text
}

/** `0x1234…abcd`: enough to recognise an address, short enough for a phone. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
