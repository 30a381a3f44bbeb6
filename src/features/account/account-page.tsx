/** The account page of a signed-in holder: who, sign-out, passkeys, theme, install and version. */
import type { ReactNode } from 'react'
import { APP_VERSION } from '../../config/version.ts'
import { selectHolder } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'
import './account.css'
import { EmailAddress } from '../../shared/email-address.tsx'
import { PhoneNumberDisplay } from '../../shared/phone-number-display.tsx'
import { useSignOut } from '../../shared/use-sign-out.ts'
import { FormError } from '../../shared/ui/form-error.tsx'

/** Props: the sign-out action, and the theme and install controls the route passes in. */
export interface AccountPageProps {
  /** Signs out everywhere (works offline too: the host clears everything locally). */
  onSignOut(): Promise<void>
  /** The theme switch. */
  themeToggle?: ReactNode
  /** How to install the app from this browser. */
  install?: ReactNode
  /** The connected Ethereum wallet (loaded lazily by the route). */
  wallet?: ReactNode
  /** The holder's passkeys. */
  passkeys?: ReactNode
}

/** Who is signed in, sign-out with its failure shown, the theme, install and the app version. */
export function AccountPage({
  onSignOut,
  themeToggle,
  install,
  wallet,
  passkeys,
}: AccountPageProps) {
  const email = useAppStore((state) => selectHolder(state)?.email ?? null)
  const phone = useAppStore((state) => selectHolder(state)?.phone ?? null)
  const { signingOut, error, signOut } = useSignOut(onSignOut)

  return (
    <section className="page page--narrow account" aria-labelledby="account-title">
      <h1 id="account-title" tabIndex={-1}>
        Account
      </h1>

      <section className="card stack" aria-labelledby="account-who">
        <h2 id="account-who" className="account__label muted">
          Signed in as
        </h2>
        {email ? (
          <p className="account-email">
            <EmailAddress email={email} />
          </p>
        ) : null}
        {phone ? (
          <p className="account-phone">
            <PhoneNumberDisplay e164={phone} />
          </p>
        ) : null}
        {!email && !phone ? <p className="account-email">a wallet</p> : null}
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
        {error ? <FormError>{error}</FormError> : null}
      </section>

      {passkeys ? (
        <section className="card stack" aria-labelledby="account-passkeys">
          <h2 id="account-passkeys">Passkeys</h2>
          {passkeys}
        </section>
      ) : null}

      {themeToggle ? (
        <section className="card account__row" aria-labelledby="account-theme">
          <div>
            <h2 id="account-theme">Theme</h2>
            <p className="muted">Dark or light, saved on this device.</p>
          </div>
          {themeToggle}
        </section>
      ) : null}

      {wallet ? (
        <section className="card stack" aria-labelledby="account-wallet">
          <h2 id="account-wallet">Wallet</h2>
          {wallet}
        </section>
      ) : null}

      {install ? (
        <section className="card stack" aria-labelledby="account-install">
          <h2 id="account-install">Install</h2>
          {install}
        </section>
      ) : null}

      <p className="account__version muted">
        IYK Cards version <span data-testid="app-version">{APP_VERSION}</span>
      </p>
    </section>
  )
}
