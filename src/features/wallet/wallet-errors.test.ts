/** Every wagmi and viem error the wallet screens can meet gets our words, however it is wrapped. */
import { describe, expect, it } from 'vitest'
import {
  ChainDisconnectedError,
  createWalletClient,
  custom,
  HttpRequestError,
  InternalRpcError,
  InvalidParamsRpcError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ProviderDisconnectedError,
  ResourceUnavailableRpcError,
  SwitchChainError,
  TimeoutError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { mainnet } from 'viem/chains'
import {
  ChainNotConfiguredError,
  ConnectorAccountNotFoundError,
  ConnectorAlreadyConnectedError,
  ConnectorChainMismatchError,
  ConnectorNotFoundError,
  ConnectorUnavailableReconnectingError,
  createConfig,
  http,
  ProviderNotFoundError,
  SwitchChainNotSupportedError,
} from 'wagmi'
import { switchConnection } from 'wagmi/actions'
import {
  ACCOUNT_CHANGED_MESSAGE,
  ACCOUNT_GONE_MESSAGE,
  DECLINED_MESSAGE,
  describeWalletError,
  GENERIC_WALLET_MESSAGE,
  NO_WALLET_MESSAGE,
  PENDING_MESSAGE,
  WALLET_LOCKED_MESSAGE,
  walletErrorText,
  WRONG_SIGNATURE_MESSAGE,
} from './wallet-errors.ts'
import { AccountChangedError, WalletLockedError } from './wallet-sign-in-flow.ts'
import { SignInServiceUnreachableError } from './wallet-sign-in-provider.ts'
import { HandoffError } from '../../session/session-client.ts'
import { NOT_CONFIRMED_MESSAGE, SERVICE_UNREACHABLE_MESSAGE } from '../../shared/provider-errors.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const ACCOUNT_CHANGED_TEXT = i18n._(ACCOUNT_CHANGED_MESSAGE)
const ACCOUNT_GONE_TEXT = i18n._(ACCOUNT_GONE_MESSAGE)
const DECLINED_TEXT = i18n._(DECLINED_MESSAGE)
const GENERIC_WALLET_TEXT = i18n._(GENERIC_WALLET_MESSAGE)
const NO_WALLET_TEXT = i18n._(NO_WALLET_MESSAGE)
const PENDING_TEXT = i18n._(PENDING_MESSAGE)
const WALLET_LOCKED_TEXT = i18n._(WALLET_LOCKED_MESSAGE)
const WRONG_SIGNATURE_TEXT = i18n._(WRONG_SIGNATURE_MESSAGE)
const NOT_CONFIRMED_TEXT = i18n._(NOT_CONFIRMED_MESSAGE)
const SERVICE_UNREACHABLE_TEXT = i18n._(SERVICE_UNREACHABLE_MESSAGE)

const connector = { name: 'MetaMask' }
const address = '0x00000000000000000000000000000000000000a1'
const cause = new Error('the wallet said something')

/** A raw EIP-1193 error as a browser wallet throws it. */
const rpcFailure = (code: number, message = 'wallet text') =>
  Object.assign(new Error(message), { code })

/** What viem itself throws when a wallet's request fails with `failure` (its real wrapping). */
async function throughViem(failure: unknown, method: 'personal_sign' | 'eth_requestAccounts') {
  const client = createWalletClient({
    chain: mainnet,
    transport: custom({
      async request() {
        throw failure
      },
    }),
  })
  try {
    if (method === 'personal_sign') await client.signMessage({ account: address, message: 'hi' })
    else await client.requestAddresses()
  } catch (error) {
    return error
  }
  throw new Error('viem did not fail')
}

/** wagmi's own ConnectorNotConnectedError, from a real action on a config with no connection. */
async function notConnected() {
  const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() } })
  const [anyConnector] = config.connectors
  try {
    await switchConnection(config, {
      connector: anyConnector ?? ({ uid: 'none' } as never),
    })
  } catch (error) {
    return error
  }
  throw new Error('wagmi did not fail')
}

/** viem's AccountNotFoundError: signing with a client that has no account. */
async function noAccount() {
  const client = createWalletClient({
    chain: mainnet,
    transport: custom({ request: async () => null }),
  })
  try {
    await client.signMessage({ message: 'hi' } as never)
  } catch (error) {
    return error
  }
  throw new Error('viem did not fail')
}

/** Asserts our words, not the library's, and that they count as chosen. */
function expectWords(error: unknown, words: string | RegExp) {
  const { text, known } = describeWalletError(error)
  if (typeof words === 'string') expect(text).toBe(words)
  else expect(text).toMatch(words)
  expect(known).toBe(true)
  const own = error as { shortMessage?: string; message?: string }
  expect(text).not.toBe(own.shortMessage)
  expect(text).not.toBe(own.message?.split('\n')[0])
}

describe('wagmi errors', () => {
  it.each([
    ['ConnectorAlreadyConnectedError', new ConnectorAlreadyConnectedError(), /already connected/],
    [
      'ConnectorAccountNotFoundError',
      new ConnectorAccountNotFoundError({ address, connector: connector as never }),
      ACCOUNT_GONE_TEXT,
    ],
    [
      'ConnectorChainMismatchError',
      new ConnectorChainMismatchError({ connectionChainId: 1, connectorChainId: 137 }),
      /changed network/,
    ],
    [
      'ConnectorUnavailableReconnectingError',
      new ConnectorUnavailableReconnectingError({ connector }),
      /still reconnecting/,
    ],
    ['ConnectorNotFoundError', new ConnectorNotFoundError(), NO_WALLET_TEXT],
    ['ProviderNotFoundError', new ProviderNotFoundError(), NO_WALLET_TEXT],
    [
      'SwitchChainNotSupportedError',
      new SwitchChainNotSupportedError({ connector: connector as never }),
      /cannot switch networks/,
    ],
    ['ChainNotConfiguredError', new ChainNotConfiguredError(), /could not switch/],
  ])('%s', (_name, error, words) => {
    expectWords(error, words)
  })

  it('ConnectorNotConnectedError', async () => {
    const error = await notConnected()
    expect((error as Error).name).toBe('ConnectorNotConnectedError')
    expectWords(error, /no longer connected/)
  })
})

describe('viem errors', () => {
  it.each([
    ['UserRejectedRequestError (4001)', new UserRejectedRequestError(cause), DECLINED_TEXT],
    ['ResourceUnavailableRpcError (-32002)', new ResourceUnavailableRpcError(cause), PENDING_TEXT],
    ['ChainDisconnectedError (4901)', new ChainDisconnectedError(cause), /lost its connection/],
    [
      'ProviderDisconnectedError (4900)',
      new ProviderDisconnectedError(cause),
      /lost its connection/,
    ],
    [
      'UnauthorizedProviderError (4100)',
      new UnauthorizedProviderError(cause),
      /Unlock your wallet/,
    ],
    [
      'UnsupportedProviderMethodError (4200)',
      new UnsupportedProviderMethodError(cause),
      /cannot sign/,
    ],
    ['MethodNotFoundRpcError (-32601)', new MethodNotFoundRpcError(cause), /cannot sign/],
    ['MethodNotSupportedRpcError (-32004)', new MethodNotSupportedRpcError(cause), /cannot sign/],
    ['SwitchChainError (4902)', new SwitchChainError(cause), /could not switch/],
    ['InternalRpcError (-32603)', new InternalRpcError(cause), /ran into a problem/],
    ['InvalidParamsRpcError (-32602)', new InvalidParamsRpcError(cause), /ran into a problem/],
    ['LimitExceededRpcError (-32005)', new LimitExceededRpcError(cause), /busy/],
    [
      'TimeoutError',
      new TimeoutError({ body: { method: 'eth_chainId' }, url: 'http://rpc.test' }),
      /did not answer in time/,
    ],
    [
      'HttpRequestError',
      new HttpRequestError({ url: 'http://rpc.test' }),
      /Cannot reach the network/,
    ],
  ])('%s', (_name, error, words) => {
    expectWords(error, words)
  })

  it('AccountNotFoundError', async () => {
    const error = await noAccount()
    expect((error as Error).name).toBe('AccountNotFoundError')
    expectWords(error, ACCOUNT_GONE_TEXT)
  })

  it.each([
    [4001, DECLINED_TEXT],
    [-32002, PENDING_TEXT],
    [4100, /Unlock your wallet/],
    [4200, /cannot sign/],
    [4900, /lost its connection/],
    [-32603, /ran into a problem/],
  ])('a wallet failing with %i, as viem wraps it', async (code, words) => {
    const error = await throughViem(rpcFailure(code), 'personal_sign')
    expectWords(error, words)
  })

  it('a raw wallet error nobody wrapped is read by its code', () => {
    expectWords(
      rpcFailure(-32002, 'Request of type wallet_requestPermissions already pending'),
      PENDING_TEXT,
    )
  })

  it('a refusal wrapped in a switch error still says the holder declined (cause chain)', () => {
    expectWords(new SwitchChainError(new UserRejectedRequestError(cause)), DECLINED_TEXT)
  })
})

describe('our own and the provider', () => {
  it('AccountChangedError', () => {
    expectWords(new AccountChangedError(), ACCOUNT_CHANGED_TEXT)
  })

  it('WalletLockedError: the locked wording, never "changed accounts"', () => {
    expectWords(new WalletLockedError(), WALLET_LOCKED_TEXT)
  })

  it('a sign-in the worker could not confirm at the provider (its words for the holder)', () => {
    for (const [failure, words] of [
      ['refused', NOT_CONFIRMED_TEXT],
      ['unreachable', SERVICE_UNREACHABLE_TEXT],
    ] as const) {
      expect(describeWalletError(new HandoffError(failure))).toEqual({ text: words, known: true })
    }
  })

  it('the sign-in service unreachable (a network failure the provider call wrapped)', () => {
    expectWords(
      new SignInServiceUnreachableError(new TypeError('Failed to fetch')),
      SERVICE_UNREACHABLE_TEXT,
    )
  })

  it('the sign-in service failing in the shared words (provider-errors.ts), as known', () => {
    expectWords(
      Object.assign(new Error('Unable to contact our servers.'), {
        name: 'StytchAPIUnreachableError',
      }),
      SERVICE_UNREACHABLE_TEXT,
    )
  })

  it('a signature the provider refuses', () => {
    const refused = Object.assign(new Error('x'), {
      error_type: 'unable_to_authenticate_crypto_wallet',
      status_code: 401,
    })
    expectWords(refused, WRONG_SIGNATURE_TEXT)
  })
})

describe('anything else', () => {
  it('an unknown wallet error gets the generic sentence and counts as unknown (to report)', async () => {
    const error = await throughViem(
      rpcFailure(1234, 'Wallet internal: frobnicator broke'),
      'eth_requestAccounts',
    )
    expect((error as Error).name).toBe('UnknownRpcError')
    expect(describeWalletError(error)).toEqual({ text: GENERIC_WALLET_TEXT, known: false })
  })

  it('a TypeError is a bug, not the network: generic words, and counts as unknown (to report)', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'accounts')"),
      new TypeError('connector.getAccounts is not a function'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(describeWalletError(error)).toEqual({ text: GENERIC_WALLET_TEXT, known: false })
    }
  })

  it('a plain Error or a non-error never shows its own text', () => {
    expect(walletErrorText(new Error('Connector already connected.'))).toBe(GENERIC_WALLET_TEXT)
    expect(walletErrorText('boom')).toBe(GENERIC_WALLET_TEXT)
    expect(walletErrorText(undefined)).toBe(GENERIC_WALLET_TEXT)
  })

  it('another provider refusal shows the provider words, but is reported', () => {
    const refused = {
      error_type: 'invalid_ethereum_address',
      error_message: 'The wallet address is not valid.',
      status_code: 400,
    }
    expect(describeWalletError(refused)).toEqual({
      text: 'The wallet address is not valid.',
      known: false,
    })
  })
})
