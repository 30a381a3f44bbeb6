/**
 * Sign in with an Ethereum wallet (DESIGN journey 7): connect, ask the provider for a challenge,
 * sign it in the wallet (personal_sign), send the signature, then the same hand-off as by email.
 */
import { useState } from 'react'
import { useConnection, useDisconnect, useSignMessage } from 'wagmi'
import type { AuthenticateData } from '../../core/provider-session.ts'
import { redirectTarget } from '../../core/redirect.ts'
import { ConnectorList } from './connector-list.tsx'
import { WalletRoot } from './wallet-root.tsx'
import { shortAddress, walletErrorText } from './wallet-errors.ts'
import { stytchWalletSignIn, type WalletSignInProvider } from './wallet-sign-in-provider.ts'
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

type Step = 'idle' | 'choose' | 'start' | 'sign' | 'verify'

const PROGRESS: Partial<Record<Step, string>> = {
  start: 'Preparing the sign-in message…',
  sign: 'Check your wallet: sign the message to sign in. It costs nothing.',
  verify: 'Signing you in…',
}

/** The wallet sign-in steps; a declined request or a refused signature says so and can be retried. */
export function WalletSignInBody({
  redirect,
  complete,
  provider = stytchWalletSignIn,
  start = 'idle',
}: WalletSignInProps) {
  const connection = useConnection()
  const signMessage = useSignMessage()
  const disconnect = useDisconnect()
  const [step, setStep] = useState<Step>(start)
  const [error, setError] = useState<string | null>(null)
  const busy = step === 'start' || step === 'sign' || step === 'verify'

  async function signIn(address: string, chainId: number) {
    setError(null)
    try {
      setStep('start')
      const challenge = await provider.start(address, chainId)
      setStep('sign')
      const signature = await signMessage.mutateAsync({
        message: challenge,
        account: address as `0x${string}`,
      })
      setStep('verify')
      const data = await provider.authenticate(address, signature)
      await complete(data, redirectTarget(redirect))
    } catch (failure) {
      setError(walletErrorText(failure))
      setStep('idle')
    }
  }

  const connected = connection.status === 'connected' ? connection : null

  return (
    <section className="stack wallet-sign-in" aria-labelledby="wallet-sign-in-title">
      <h2 id="wallet-sign-in-title">Or use a wallet</h2>
      {busy ? (
        <div className="stack" role="status" aria-live="polite">
          <p>{PROGRESS[step]}</p>
          <div className="progress" aria-hidden="true" />
        </div>
      ) : step === 'choose' ? (
        <>
          <ConnectorList
            verb="Use"
            onConnected={(address, chainId) => void signIn(address, chainId)}
          />
          <button type="button" className="link-button" onClick={() => setStep('idle')}>
            Cancel
          </button>
        </>
      ) : connected ? (
        <>
          <button
            type="button"
            className="button"
            onClick={() => void signIn(connected.address, connected.chainId)}
          >
            Sign in with wallet {shortAddress(connected.address)}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              disconnect.mutate()
              setStep('choose')
            }}
          >
            Use another wallet
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={() => setStep('choose')}>
          Sign in with a wallet
        </button>
      )}
      {error ? (
        <p className="form__error" role="alert" data-testid="wallet-sign-in-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
