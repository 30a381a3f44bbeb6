/** The account page's wallet: connect, the address (copyable), the chain and its switch, the balance. */
import { useState } from 'react'
import { formatUnits } from 'viem'
import { useBalance, useChains, useConnection, useDisconnect, useSwitchChain } from 'wagmi'
import { ConnectorList } from './connector-list.tsx'
import { WalletRoot } from './wallet-root.tsx'
import { RPC_UNREACHABLE_TEXT, shortAddress, walletErrorText } from './wallet-errors.ts'
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
        Connecting your wallet…
      </p>
    )
  }
  if (!connection.address || connection.status !== 'connected') {
    return (
      <div className="stack">
        <p className="muted">
          Connect an Ethereum wallet to see it here. You can also use it to sign in.
        </p>
        <ConnectorList />
      </div>
    )
  }
  return <ConnectedWallet address={connection.address} chainId={connection.chainId} />
}

function ConnectedWallet({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const chains = useChains()
  const chain = chains.find((item) => item.id === chainId)
  const disconnect = useDisconnect()
  const switchChain = useSwitchChain()

  return (
    <div className="stack wallet" data-testid="wallet-connected">
      <AddressLine address={address} />
      <div className="wallet__row">
        <span className="muted">Network</span>
        <strong data-testid="wallet-chain">
          {chain ? chainLabel(chain.id, chain.name) : `Unsupported network (chain ${chainId})`}
        </strong>
      </div>
      {chain ? null : (
        <p className="notice notice--error" role="alert">
          Your wallet is on a network this app does not use. Switch to Ethereum or Sepolia.
        </p>
      )}
      <div className="wallet__actions">
        {chains
          .filter((item) => item.id !== chainId)
          .map((item) => (
            <button
              key={item.id}
              type="button"
              className="button button--small"
              disabled={switchChain.isPending}
              onClick={() => switchChain.mutate({ chainId: item.id })}
            >
              Switch to {chainLabel(item.id, item.name)}
            </button>
          ))}
        <button
          type="button"
          className="button button--small"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate()}
        >
          Disconnect
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
      <span className="muted">Address</span>
      <code className="wallet__address" title={address} data-testid="wallet-address">
        {shortAddress(address)}
      </code>
      <button type="button" className="link-button" onClick={copy}>
        Copy address
      </button>
      <span role="status" className="wallet__copied">
        {copied === 'done' ? 'Copied' : null}
        {copied === 'failed' ? `Copy failed: the address is ${address}` : null}
      </span>
    </div>
  )
}

/** The balance: what reads the chain, so an unreachable RPC shows here and nowhere else. */
function Balance({ address, chainId }: { address: `0x${string}`; chainId: number }) {
  const balance = useBalance({ address, chainId })
  if (balance.isError) {
    return (
      <p className="notice notice--error" role="alert" data-testid="wallet-rpc-error">
        {RPC_UNREACHABLE_TEXT}
      </p>
    )
  }
  if (!balance.data) {
    return (
      <p className="muted" role="status">
        Reading the balance…
      </p>
    )
  }
  return (
    <div className="wallet__row">
      <span className="muted">Balance</span>
      <span data-testid="wallet-balance">
        {formatUnits(balance.data.value, balance.data.decimals)} {balance.data.symbol}
      </span>
    </div>
  )
}
