/** The sign-in page for a holder already signed in on this device: who, with Continue and Sign out. */
import { SignedInAs } from '../../shared/signed-in-as.tsx'
import { FormError } from '../../shared/ui/form-error.tsx'
import { useSignOut } from '../../shared/use-sign-out.ts'

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
  notice?: string | undefined
  onContinue(): void
}) {
  const { signingOut, error, signOut } = useSignOut(onSignOut)
  return (
    <section className="page page--narrow stack" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title" tabIndex={-1}>
        You are signed in
      </h1>
      {notice ? <FormError data-testid="link-notice">{notice}</FormError> : null}
      <p data-testid="signed-in-as">
        Signed in as{' '}
        <strong>
          <SignedInAs email={email} phone={phone} />
        </strong>
        .
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  )
}
