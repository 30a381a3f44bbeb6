/** The account page of a signed-in holder. */
import { useState } from 'react'
import { useAppStore } from '../../store/use-app-store.tsx'

/** Who is signed in, and sign-out (which works offline too: the host clears everything locally). */
export function AccountPage({ onSignOut }: { onSignOut(): Promise<void> }) {
  const email = useAppStore((state) => state.auth.email)
  const [signingOut, setSigningOut] = useState(false)
  return (
    <section className="page page--narrow" aria-labelledby="account-title">
      <h1 id="account-title" tabIndex={-1}>
        Account
      </h1>
      <div className="card stack">
        <p className="muted">Signed in as</p>
        <p className="account-email">{email ?? 'a wallet'}</p>
        <button
          type="button"
          className="button"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true)
            void onSignOut().finally(() => setSigningOut(false))
          }}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </section>
  )
}
