/** The wallets this browser offers (EIP-6963, or the test wallet), one button each. */
import { useMutation } from '@tanstack/react-query'
import { useConfig, useConnectors, type Connector } from 'wagmi'
import { reportError } from '../../shared/error-reporting.ts'
import { describeWalletError } from './wallet-errors.ts'
import { readyWallet } from './wallet-sign-in-flow.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** Props: the button wording, and what choosing a wallet does. */
export interface ConnectorListProps {
  /** The verb on each button ("Connect", "Use"). */
  verb?: string
  /**
   * What choosing a wallet does (the caller shows its progress and errors). Without it the
   * wallet is connected here, or used as it is when wagmi already connected it.
   */
  onChoose?(connector: Connector): void
}

/** Buttons for every discovered wallet, its pending and error states, or "no wallet found". */
export function ConnectorList({ verb = 'Connect', onChoose }: ConnectorListProps) {
  const connectors = useConnectors()
  const config = useConfig()
  const connect = useMutation({
    mutationFn: (connector: Connector) => readyWallet(config, connector),
    onError: (error) => {
      if (!describeWalletError(error).known) reportError(error, { op: 'wallet-connect' })
    },
  })

  if (connectors.length === 0) {
    return (
      <p className="notice" role="status" data-testid="no-wallet">
        No wallet found in this browser. Install a browser wallet (such as MetaMask or Rabby), or
        open this page in your wallet app.
      </p>
    )
  }

  const pending = connect.isPending ? connect.variables : undefined
  const choose = onChoose ?? ((connector: Connector) => connect.mutate(connector))

  return (
    <div className="stack wallet-connectors">
      <ul className="wallet-connectors__list">
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className="button wallet-connector"
              disabled={connect.isPending}
              onClick={() => choose(connector)}
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
      {connect.error ? <FormError>{describeWalletError(connect.error).text}</FormError> : null}
    </div>
  )
}
