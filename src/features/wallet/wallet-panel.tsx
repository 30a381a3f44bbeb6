/** The account page's wallet: connect, the address (copyable), the chain and its switch, the balance. */
import { useState } from 'react'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { formatUnits } from 'viem'
import { useBalance, useChains, useConnection, useDisconnect, useSwitchChain } from 'wagmi'
import { ConnectorList } from './connector-list.tsx'
import { WalletRoot } from './wallet-root.tsx'
import { RPC_UNREACHABLE_MESSAGE, shortAddress, walletErrorText } from './wallet-errors.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './wallet.css'

/** The wallet panel inside its own wagmi and cache providers (the module the account page loads lazily). */
export function WalletPanel() {
  return (
    <WalletRoot>
      <WalletPanelBody />
    </WalletRoot>
  )
}

/** The panel's states: reconnecting, disconnected (wallet list), connected. */
export function WalletPanelBody() {
  const connection = useConnection()

  // Only reconnection gets its own state: the list stays mounted while connecting, to show its error.
  if (connection.status === 'reconnecting') {
    return (
      <p className="muted" role="status">
        <Trans>Connecting your wallet…</Trans>
      </p>
    )
  }
  if (!connection.address || connection.status !== 'connected') {
    return (
      <div className="stack">
        <p className="muted">
          <Trans>Connect an Ethereum wallet to see it here. You can also use it to sign in.</Trans>
        </p>
        <ConnectorList />
      </div>
    )
  }
  return <ConnectedWallet address={connection.address} chainId={connection.chainId} />
}

function ConnectedWallet({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  // Re-renders in a new language: the error lines below are worded as it renders.
  useLingui()
  const chains = useChains()
  const chain = chains.find((item) => item.id === chainId)
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()

  return (
    <div className="stack wallet" data-testid="wallet-connected">
      <AddressLine address={address} />
      <div className="wallet__row">
        <span className="muted">
          <Trans comment="Label: the blockchain network the wallet is on">Network</Trans>
        </span>
        <strong data-testid="wallet-chain">
          {chain ? (
            chainLabel(chain.id, chain.name)
          ) : (
            <Trans comment="{chainId}: the network’s chain id, a number">
              Unsupported network (chain {chainId})
            </Trans>
          )}
        </strong>
      </div>
      {chain ? null : (
        <p className="notice notice--error" role="alert">
          <Trans>
            Your wallet is on a network this app does not use. Switch to Ethereum or Sepolia.
          </Trans>
        </p>
      )}
      <div className="wallet__actions">
        {chains
          .filter((item) => item.id !== chainId)
          .map((item) => {
            const network = chainLabel(item.id, item.name)
            return (
              <button
                key={item.id}
                type="button"
                className="button button--small"
                disabled={switchChain.isPending}
                onClick={() => switchChain.mutate({ chainId: item.id })}
              >
                <Trans comment="{network}: a blockchain network’s name, e.g. Ethereum or Sepolia">
                  Switch to {network}
                </Trans>
              </button>
            )
          })}
        <button
          type="button"
          className="button button--small"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate()}
        >
          <Trans comment="Button: disconnects the wallet from this site">Disconnect</Trans>
        </button>
      </div>
      {switchChain.error ? <FormError>{walletErrorText(switchChain.error)}</FormError> : null}
      {disconnect.error ? <FormError>{walletErrorText(disconnect.error)}</FormError> : null}
      {chain ? <Balance address={address} chainId={chain.id} /> : null}
    </div>
  )
}

/** "Ethereum" for the main chain (viem calls it "Ethereum" too), the chain's name otherwise. */
function chainLabel(id: number, name: string): string {
  return id === 1 ? 'Ethereum' : name
}

function AddressLine({ address }: { address: string }) {
  const [copied, setCopied] = useState<null | 'done' | 'failed'>(null)
  const copy = () => {
    const clipboard = navigator.clipboard as Clipboard | undefined
    if (!clipboard) {
      setCopied('failed')
      return
    }
    clipboard.writeText(address).then(
      () => setCopied('done'),
      () => setCopied('failed'),
    )
  }
  return (
    <div className="wallet__row">
      <span className="muted">
        <Trans comment="Label: the wallet’s address">Address</Trans>
      </span>
      <code className="wallet__address" title={address} data-testid="wallet-address">
        {shortAddress(address)}
      </code>
      <button type="button" className="link-button" onClick={copy}>
        <Trans>Copy address</Trans>
      </button>
      <span role="status" className="wallet__copied">
        {copied === 'done' ? <Trans comment="Said once the address is copied">Copied</Trans> : null}
        {copied === 'failed' ? <Trans>Copy failed: the address is {address}</Trans> : null}
      </span>
    </div>
  )
}

/** The balance: what reads the chain, so an unreachable RPC shows here and nowhere else. */
function Balance({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const { i18n } = useLingui()
  const balance = useBalance({ address, chainId })
  if (balance.isError) {
    return (
      <p className="notice notice--error" role="alert" data-testid="wallet-rpc-error">
        {i18n._(RPC_UNREACHABLE_MESSAGE)}
      </p>
    )
  }
  if (!balance.data) {
    return (
      <p className="muted" role="status">
        <Trans>Reading the balance…</Trans>
      </p>
    )
  }
  const { value, decimals, symbol } = balance.data
  return (
    <div className="wallet__row">
      <span className="muted">
        <Trans comment="Label: the wallet’s balance">Balance</Trans>
      </span>
      <span data-testid="wallet-balance">
        {amountText(formatUnits(value, decimals), decimals, i18n.locale)} {symbol}
      </span>
    </div>
  )
}

/**
 * An amount (viem's exact decimal text) written the way `locale` writes numbers, its decimals
 * kept: Intl reads the text as a decimal, not a floating-point number (browsers before
 * Intl.NumberFormat v3 round it to about 16 digits), and takes at most 20 decimals everywhere.
 */
function amountText(amount: string, decimals: number, locale: string): string {
  const digits = Math.min(decimals, 20)
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(
    amount as `${number}`,
  )
}
