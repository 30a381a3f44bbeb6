/** The wallets this browser offers (EIP-6963, or the test wallet), one button each. */
import { useConnect, useConnectors, type Connector } from 'wagmi'
import { walletErrorText } from './wallet-errors.ts'

/** Props: what to do once connected, and the button wording. */
export interface ConnectorListProps {
  /** Called with the connected address and chain. */
  onConnected?(address: string, chainId: number): void
  /** The verb on each button ("Connect", "Sign in with"). */
  verb?: string
}

/** Buttons for every discovered wallet, its pending and error states, or "no wallet found". */
export function ConnectorList({ onConnected, verb = 'Connect' }: ConnectorListProps) {
  const connectors = useConnectors()
  const connect = useConnect()

  if (connectors.length === 0) {
    return (
      <p className="notice" role="status" data-testid="no-wallet">
        No wallet found in this browser. Install a browser wallet (such as MetaMask or Rabby), or
        open this page in your wallet app.
      </p>
    )
  }

  const pending = connect.isPending ? connect.variables?.connector : undefined
  // mutateAsync, not mutate's callbacks: those are dropped when this list unmounts on success.
  const choose = (connector: Connector) =>
    connect.mutateAsync({ connector }).then(
      (data) => onConnected?.(data.accounts[0] ?? '', data.chainId),
      () => {}, // shown below from connect.error
    )

  return (
    <div className="stack wallet-connectors">
      <ul className="wallet-connectors__list">
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className="button wallet-connector"
              disabled={connect.isPending}
              onClick={() => void choose(connector)}
            >
              {connector.icon ? (
                <img className="wallet-connector__icon" src={connector.icon} alt="" />
              ) : null}
              {pending === connector
                ? `Waiting for ${connector.name}…`
                : `${verb} ${connector.name}`}
            </button>
          </li>
        ))}
      </ul>
      {connect.error ? (
        <p className="form__error" role="alert">
          {walletErrorText(connect.error)}
        </p>
      ) : null}
    </div>
  )
}
