/**
 * Sign in with an Ethereum wallet (DESIGN journey 7): choose a wallet, ask the provider for a
 * challenge, sign it in the wallet (personal_sign), send the signature, then the same hand-off as
 * by email. The wallet may be in any state (decision 020); the steps are in wallet-sign-in-flow.ts.
 */
import { useEffect, useRef, useState } from 'react'
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

/** What the holder sees while a step runs; `name` is the wallet's. */
function progressText(step: WalletSignInStep, name: string): string {
  switch (step) {
    case 'connect':
      return `Opening ${name}… If it asks, unlock it and allow IYK Cards to see your address.`
    case 'start':
      return 'Preparing the sign-in message…'
    case 'sign':
      return `Check ${name}: sign the message to sign in. It costs nothing.`
    case 'verify':
      return 'Signing you in…'
  }
}

/** The wallet sign-in steps; a declined request or a refused signature says so and can be retried. */
export function WalletSignInBody({
  redirect,
  complete,
  provider = stytchWalletSignIn,
  start = 'idle',
}: WalletSignInProps) {
  const config = useConfig()
  const connection = useConnection()
  const [step, setStep] = useState<Step>(start)
  const [chosen, setChosen] = useState<Connector | null>(null)
  const [error, setError] = useState<string | null>(null)
  const running = useRef<AbortController | null>(null)

  // A sign-in still waiting on the wallet when the page goes asks nothing more.
  useEffect(() => () => running.current?.abort(), [])

  async function signIn(connector: Connector) {
    running.current?.abort()
    const attempt = new AbortController()
    running.current = attempt
    setError(null)
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
      const { text, known } = describeWalletError(failure)
      if (!known) reportError(failure, { op: 'wallet-sign-in', step: reached })
      setError(text)
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

  return (
    <section className="stack wallet-sign-in" aria-labelledby="wallet-sign-in-title">
      <h2 id="wallet-sign-in-title">Or use a wallet</h2>
      {step !== 'idle' && step !== 'choose' ? (
        <>
          <div className="stack" role="status" aria-live="polite">
            <p>{progressText(step, chosen?.name ?? 'your wallet')}</p>
            <div className="progress" aria-hidden="true" />
          </div>
          {step === 'verify' ? null : (
            <button type="button" className="link-button" onClick={cancel}>
              Cancel
            </button>
          )}
        </>
      ) : step === 'choose' ? (
        <>
          <ConnectorList verb="Use" onChoose={(connector) => void signIn(connector)} />
          <button type="button" className="link-button" onClick={() => setStep('idle')}>
            Cancel
          </button>
        </>
      ) : connected ? (
        <>
          <button type="button" className="button" onClick={() => void signIn(connected.connector)}>
            Sign in with wallet {shortAddress(connected.address)}
          </button>
          {/* Choosing another wallet needs no disconnect: any wallet listed can be chosen. */}
          <button type="button" className="link-button" onClick={() => setStep('choose')}>
            Use another wallet
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={() => setStep('choose')}>
          Sign in with a wallet
        </button>
      )}
      {error ? <FormError data-testid="wallet-sign-in-error">{error}</FormError> : null}
    </section>
  )
}
