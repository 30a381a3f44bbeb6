/** The account page of a signed-in holder: who, sign-out, passkeys, theme, install and version. */
import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../shared/use-document-title.ts'
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
  /** The language switch. */
  languagePicker?: ReactNode
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
  languagePicker,
  install,
  wallet,
  passkeys,
}: AccountPageProps) {
  const email = useAppStore((state) => selectHolder(state)?.email ?? null)
  const phone = useAppStore((state) => selectHolder(state)?.phone ?? null)
  const { signingOut, error, signOut } = useSignOut(onSignOut)
  const { t } = useLingui()
  useDocumentTitle(t`Account`)

  return (
    <section className="page page--narrow account" aria-labelledby="account-title">
      <h1 id="account-title" tabIndex={-1}>
        <Trans comment="Page title">Account</Trans>
      </h1>

      <section className="card stack" aria-labelledby="account-who">
        <h2 id="account-who" className="account__label muted">
          <Trans comment="Heading over the holder’s email, phone number or “a wallet”">
            Signed in as
          </Trans>
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
        {!email && !phone ? (
          <p className="account-email">
            <Trans comment="Who is signed in, for a holder known only by a wallet (after “Signed in as”)">
              a wallet
            </Trans>
          </p>
        ) : null}
        <button type="button" className="button" disabled={signingOut} onClick={signOut}>
          {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
        </button>
        {error ? <FormError>{error}</FormError> : null}
      </section>

      {passkeys ? (
        <section className="card stack" aria-labelledby="account-passkeys">
          <h2 id="account-passkeys">
            <Trans>Passkeys</Trans>
          </h2>
          {passkeys}
        </section>
      ) : null}

      {themeToggle ? (
        <section className="card account__row" aria-labelledby="account-theme">
          <div>
            <h2 id="account-theme">
              <Trans>Theme</Trans>
            </h2>
            <p className="muted">
              <Trans>Dark or light, saved on this device.</Trans>
            </p>
          </div>
          {themeToggle}
        </section>
      ) : null}

      {languagePicker ? (
        <section className="card stack" aria-labelledby="account-language">
          <div>
            <h2 id="account-language">
              <Trans>Language</Trans>
            </h2>
            <p className="muted">
              <Trans>For this app, saved on this device.</Trans>
            </p>
          </div>
          {languagePicker}
        </section>
      ) : null}

      {wallet ? (
        <section className="card stack" aria-labelledby="account-wallet">
          <h2 id="account-wallet">
            <Trans>Wallet</Trans>
          </h2>
          {wallet}
        </section>
      ) : null}

      {install ? (
        <section className="card stack" aria-labelledby="account-install">
          <h2 id="account-install">
            <Trans comment="Heading: how to install the app">Install</Trans>
          </h2>
          {install}
        </section>
      ) : null}

      <p className="account__version muted">
        <Trans>
          IYK Cards version <span data-testid="app-version">{APP_VERSION}</span>
        </Trans>
      </p>
    </section>
  )
}
