/**
 * Sign in with an Ethereum wallet (DESIGN journey 7): choose a wallet, ask the provider for a
 * challenge, sign it in the wallet (personal_sign), send the signature, then the same hand-off as
 * by email. The wallet may be in any state (decision 020); the steps are in wallet-sign-in-flow.ts.
 */
import { useEffect, useRef, useState } from 'react'
import { t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useConfig, useConnection, type Connector } from 'wagmi'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { redirectTarget } from '../../core/redirect.ts'
import { reportError } from '../../shared/error-reporting.ts'
import { ConnectorList } from './connector-list.tsx'
import { WalletRoot } from './wallet-root.tsx'
import { describeWalletError, shortAddress } from './wallet-errors.ts'
import { stytchWalletSignIn, type WalletSignInProvider } from './wallet-sign-in-provider.ts'
import { SignInCancelledError, walletSignIn, type WalletSignInStep } from './wallet-sign-in-flow.ts'
import { FormError } from '../../shared/ui/form-error.tsx'
import './wallet.css'

/** Props: where to go afterwards, the hand-off, and the provider calls (tests fake them). */
export interface WalletSignInProps {
  redirect?: string | undefined
  /** Hands the session to the session host and leaves the page (the sign-in page's `complete`). */
  complete(data: AuthenticateData, target: string): Promise<void>
  provider?: WalletSignInProvider
  /** `choose` when the holder already chose the wallet option before this code loaded. */
  start?: 'idle' | 'choose'
}

/** Wallet sign-in inside its own wagmi and cache providers (the module the sign-in page loads lazily). */
export function WalletSignIn(props: WalletSignInProps) {
  return (
    <WalletRoot>
      <WalletSignInBody {...props} />
    </WalletRoot>
  )
}

type Step = 'idle' | 'choose' | WalletSignInStep

/**
 * What the holder sees while a step runs, in the active language; `name` is the wallet's (a
 * wallet app's own name, e.g. MetaMask), null when it has none.
 */
function progressText(step: WalletSignInStep, name: string | null): string {
  switch (step) {
    case 'connect':
      return name
        ? t({
            message: `Opening ${name}… If it asks, unlock it and allow IYK Cards to see your address.`,
            comment: '{name}: a wallet app, e.g. MetaMask',
          })
        : t`Opening your wallet… If it asks, unlock it and allow IYK Cards to see your address.`
    case 'start':
      return t`Preparing the sign-in message…`
    case 'sign':
      return name
        ? t({
            message: `Check ${name}: sign the message to sign in. It costs nothing.`,
            comment: '{name}: a wallet app, e.g. MetaMask',
          })
        : t`Check your wallet: sign the message to sign in. It costs nothing.`
    case 'verify':
      return t`Signing you in…`
  }
}

/** The wallet sign-in steps; a declined request or a refused signature says so and can be retried. */
export function WalletSignInBody({
  redirect,
  complete,
  provider = stytchWalletSignIn,
  start = 'idle',
}: WalletSignInProps) {
  // Re-renders in a new language: the progress and the error are worded as it renders.
  useLingui()
  const config = useConfig()
  const connection = useConnection()
  const [step, setStep] = useState<Step>(start)
  const [chosen, setChosen] = useState<Connector | null>(null)
  // The failure itself, worded as the page renders (in the language shown then).
  const [failed, setFailed] = useState<{ error: unknown } | null>(null)
  const running = useRef<AbortController | null>(null)

  // A sign-in still waiting on the wallet when the page goes asks nothing more.
  useEffect(() => () => running.current?.abort(), [])

  async function signIn(connector: Connector) {
    running.current?.abort()
    const attempt = new AbortController()
    running.current = attempt
    setFailed(null)
    setChosen(connector)
    let reached: WalletSignInStep = 'connect'
    try {
      const data = await walletSignIn({
        config,
        connector,
        provider,
        signal: attempt.signal,
        onStep: (next) => {
          reached = next
          setStep(next)
        },
      })
      if (attempt.signal.aborted) return
      await complete(data, redirectTarget(redirect))
    } catch (failure) {
      if (attempt.signal.aborted || failure instanceof SignInCancelledError) return
      if (!describeWalletError(failure).known) {
        reportError(failure, { op: 'wallet-sign-in', step: reached })
      }
      setFailed({ error: failure })
      setStep('idle')
    }
  }

  /** Stops waiting: whatever the wallet or provider answers to this attempt is ignored. */
  function cancel() {
    running.current?.abort()
    running.current = null
    setStep('idle')
  }

  const connected = connection.status === 'connected' ? connection : null
  const error = failed ? describeWalletError(failed.error).text : null
  const address = connected ? shortAddress(connected.address) : null

  return (
    <section className="stack wallet-sign-in" aria-labelledby="wallet-sign-in-title">
      <h2 id="wallet-sign-in-title">
        <Trans>Or use a wallet</Trans>
      </h2>
      {step !== 'idle' && step !== 'choose' ? (
        <>
          <div className="stack" role="status" aria-live="polite">
            <p>{progressText(step, chosen?.name ?? null)}</p>
            <div className="progress" aria-hidden="true" />
          </div>
          {step === 'verify' ? null : (
            <button type="button" className="link-button" onClick={cancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </>
      ) : step === 'choose' ? (
        <>
          <ConnectorList verb="use" onChoose={(connector) => void signIn(connector)} />
          <button type="button" className="link-button" onClick={() => setStep('idle')}>
            <Trans>Cancel</Trans>
          </button>
        </>
      ) : connected ? (
        <>
          <button type="button" className="button" onClick={() => void signIn(connected.connector)}>
            <Trans comment="{address}: the wallet’s address, shortened (0x1234…abcd)">
              Sign in with wallet {address}
            </Trans>
          </button>
          {/* Choosing another wallet needs no disconnect: any wallet listed can be chosen. */}
          <button type="button" className="link-button" onClick={() => setStep('choose')}>
            <Trans>Use another wallet</Trans>
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={() => setStep('choose')}>
          <Trans>Sign in with a wallet</Trans>
        </button>
      )}
      {error ? <FormError data-testid="wallet-sign-in-error">{error}</FormError> : null}
    </section>
  )
}
