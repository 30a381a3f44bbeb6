/** The sign-in page for a holder already signed in on this device: who, with Continue and Sign out. */
import { Trans, useLingui } from '@lingui/react/macro'
import { SignedInAs } from '../../shared/signed-in-as.tsx'
import { FormError } from '../../shared/ui/form-error.tsx'
import { useSignOut } from '../../shared/use-sign-out.ts'
import { inWords, type SignInMessage } from './sign-in-errors.ts'

/** A holder already signed in on this device: their address or number (none for a wallet), and choices. */
export interface SignedInChoice {
  email: string | null
  /** Their phone number, for a holder who signed in by text message. */
  phone?: string | null
  /** Goes on to `target`, where the holder was headed. */
  onContinue(target: string): void
  /** Signs out, so someone else can sign in here. */
  onSignOut(): Promise<void>
}

/** Who is signed in here, with Continue and Sign out. */
export function AlreadySignedIn({
  email,
  phone = null,
  notice,
  onContinue,
  onSignOut,
}: Omit<SignedInChoice, 'onContinue'> & {
  /** Why a sign-in link that landed here did not sign anyone in. */
  notice?: SignInMessage | undefined
  onContinue(): void
}) {
  const { i18n } = useLingui()
  const { signingOut, error, signOut } = useSignOut(onSignOut)
  return (
    <section className="page page--narrow stack" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title" tabIndex={-1}>
        <Trans>You are signed in</Trans>
      </h1>
      {notice ? <FormError data-testid="link-notice">{inWords(notice, i18n)}</FormError> : null}
      <p data-testid="signed-in-as">
        <Trans comment="<1/> is the holder's email address, phone number, or “a wallet”">
          Signed in as{' '}
          <strong>
            <SignedInAs email={email} phone={phone} />
          </strong>
          .
        </Trans>
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          <Trans>Continue</Trans>
        </button>
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
        </button>
      </div>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  )
}
