/** The wallets this browser offers (EIP-6963, or the test wallet), one button each. */
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useConfig, useConnectors, type Connector } from 'wagmi'
import { reportError } from '../../shared/error-reporting.ts'
import { describeWalletError } from './wallet-errors.ts'
import { readyWallet } from './wallet-sign-in-flow.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** Props: the button wording, and what choosing a wallet does. */
export interface ConnectorListProps {
  /** What each button says it does with the wallet: "Connect MetaMask", or "Use MetaMask". */
  verb?: 'connect' | 'use'
  /**
   * What choosing a wallet does (the caller shows its progress and errors). Without it the
   * wallet is connected here, or used as it is when wagmi already connected it.
   */
  onChoose?(connector: Connector): void
}

/** Buttons for every discovered wallet, its pending and error states, or "no wallet found". */
export function ConnectorList({ verb = 'connect', onChoose }: ConnectorListProps) {
  const { t } = useLingui()
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
        <Trans>
          No wallet found in this browser. Install a browser wallet (such as MetaMask or Rabby), or
          open this page in your wallet app.
        </Trans>
      </p>
    )
  }

  const pending = connect.isPending ? connect.variables : undefined
  const choose = onChoose ?? ((connector: Connector) => connect.mutate(connector))

  return (
    <div className="stack wallet-connectors">
      <ul className="wallet-connectors__list">
        {connectors.map((connector) => {
          const { name } = connector
          const label =
            pending === connector
              ? t({
                  message: `Waiting for ${name}…`,
                  comment: '{name}: a wallet app, e.g. MetaMask',
                })
              : verb === 'use'
                ? t({ message: `Use ${name}`, comment: 'Button: signs in with the wallet {name}' })
                : t({ message: `Connect ${name}`, comment: 'Button: connects the wallet {name}' })
          return (
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
                {label}
              </button>
            </li>
          )
        })}
      </ul>
      {connect.error ? <FormError>{describeWalletError(connect.error).text}</FormError> : null}
    </div>
  )
}
