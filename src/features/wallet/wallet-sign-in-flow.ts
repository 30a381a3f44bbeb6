/**
 * Wallet sign-in as plain steps over wagmi's config, from whatever state the chosen wallet is in
 * (decision 020): ready the wallet (connect it only when wagmi has not), ask the provider for a
 * challenge for the account the wallet uses now, have that account sign it, and send the
 * signature only while the wallet still uses that account.
 */
import type { Address } from 'viem'
import type { Config, Connector } from 'wagmi'
import { connect, signMessage, switchConnection } from 'wagmi/actions'
import type { AuthenticateData } from '../../core/provider-session.ts'
import type { WalletSignInProvider } from './wallet-sign-in-provider.ts'

/** Where a sign-in is: waiting on the wallet, the provider, the wallet again, the provider again. */
export type WalletSignInStep = 'connect' | 'start' | 'sign' | 'verify'

/** The wallet changed accounts again after we started over for the new one. */
export class AccountChangedError extends Error {
  override name = 'AccountChangedError'
  constructor() {
    super('The wallet changed accounts during sign-in.')
  }
}

/** The wallet shows no account any more (it locked) while the sign-in ran: nothing was sent. */
export class WalletLockedError extends Error {
  override name = 'WalletLockedError'
  constructor() {
    super('The wallet locked during sign-in.')
  }
}

/** The holder cancelled: nothing more is asked or sent. */
export class SignInCancelledError extends Error {
  override name = 'SignInCancelledError'
  constructor() {
    super('Wallet sign-in cancelled.')
  }
}

/** Longest wait for wagmi's reconnect on load before choosing a wallet without it. */
export const RECONNECT_WAIT_MS = 3000

/**
 * Resolves once wagmi has finished restoring the connections of wallets that already trust this
 * site (it does so as its code loads), or after `timeoutMs`: a wallet that never answers must not
 * hold up the others.
 */
export function reconnectSettled(config: Config, timeoutMs = RECONNECT_WAIT_MS): Promise<void> {
  const busy = () => config.state.status === 'reconnecting' || config.state.status === 'connecting'
  if (!busy()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    const unsubscribe = config.subscribe(
      (state) => state.status,
      () => {
        if (!busy()) done()
      },
    )
  })
}

/** The account the wallet uses now (its first), or undefined when it shows none (locked). */
async function currentAccount(connector: Connector): Promise<Address | undefined> {
  const accounts = await connector.getAccounts()
  return accounts[0]
}

/** The chain named in the sign-in message: the wallet's when the app uses it, else the default. */
export function messageChainId(config: Config, walletChainId: number): number {
  return config.chains.some((chain) => chain.id === walletChainId)
    ? walletChainId
    : config.chains[0].id
}

/**
 * Drops wagmi's record of a connection whose wallet no longer shows an account (locked since),
 * without telling the wallet: connecting again asks it to unlock.
 */
function forgetStaleConnection(config: Config, connector: Connector): void {
  config.setState((state) => {
    const connections = new Map(state.connections)
    connections.delete(connector.uid)
    const current =
      state.current === connector.uid ? (connections.keys().next().value ?? null) : state.current
    return { ...state, connections, current, status: current ? 'connected' : 'disconnected' }
  })
}

/**
 * The chosen wallet, ready: its account and chain now. A wallet wagmi already connected (it
 * trusted this site and was reconnected as the code loaded) is used as it is, without a prompt;
 * any other is connected, which asks the holder (or unlocks a locked wallet).
 */
export async function readyWallet(
  config: Config,
  connector: Connector,
): Promise<{ address: Address; chainId: number }> {
  await reconnectSettled(config)
  if (config.state.connections.has(connector.uid)) {
    const address = await currentAccount(connector)
    if (address) {
      if (config.state.current !== connector.uid) await switchConnection(config, { connector })
      return { address, chainId: await connector.getChainId() }
    }
    forgetStaleConnection(config, connector)
  }
  // wagmi refuses to connect only the current connector (ConnectorAlreadyConnectedError), and the
  // current one is always in its connections: checked just above, in the same turn, so no
  // reconnect can finish in between. A reconnect still running past the wait sets the connection
  // alongside this connect, which the wallet then answers too; both end connected.
  const { accounts, chainId } = await connect(config, { connector })
  return { address: accounts[0], chainId }
}

/** What one sign-in needs: wagmi's config, the chosen wallet, the provider, and who to tell. */
export interface WalletSignInRun {
  config: Config
  connector: Connector
  provider: WalletSignInProvider
  /** Told as each step begins, for the screen. */
  onStep(step: WalletSignInStep): void
  /** Aborted when the holder cancels: then nothing more is asked of the wallet or the provider. */
  signal?: AbortSignal
}

/**
 * Signs in with `connector`: a challenge for the account the wallet uses, signed by that account.
 * Should the wallet change accounts before the signature comes back, the signature is dropped and
 * the sign-in starts over once for the new account (a second change fails with
 * AccountChangedError; a wallet left with no account, locked, with WalletLockedError): a
 * signature is never sent for another account's challenge.
 */
export async function walletSignIn({
  config,
  connector,
  provider,
  onStep,
  signal,
}: WalletSignInRun): Promise<AuthenticateData> {
  const step = (next: WalletSignInStep) => {
    if (signal?.aborted) throw new SignInCancelledError()
    onStep(next)
  }
  step('connect')
  let { address, chainId } = await readyWallet(config, connector)
  for (let attempt = 0; attempt < 2; attempt++) {
    step('start')
    // personal_sign does not depend on the chain: the message names one and is signed as it is,
    // whatever network the wallet is on (no switch, no extra prompt; decision 020).
    const challenge = await provider.start(address, messageChainId(config, chainId))
    step('sign')
    let signature: string | undefined
    try {
      // With `connector`, wagmi reads the wallet's accounts afresh and refuses an account the
      // wallet no longer offers (ConnectorAccountNotFoundError) instead of asking it to sign.
      signature = await signMessage(config, { connector, account: address, message: challenge })
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConnectorAccountNotFoundError')) throw error
    }
    const now = await currentAccount(connector)
    if (signature !== undefined && now?.toLowerCase() === address.toLowerCase()) {
      step('verify')
      return provider.authenticate(address, signature)
    }
    if (!now) throw new WalletLockedError()
    address = now
    chainId = await connector.getChainId()
  }
  throw new AccountChangedError()
}
