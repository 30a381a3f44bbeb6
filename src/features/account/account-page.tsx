/** The account page of a signed-in holder. */
import { useAppStore } from '../../store/use-app-store.tsx'

/** Shows who is signed in; sign-out and settings arrive with the session work. */
export function AccountPage() {
  const email = useAppStore((state) => state.auth.email)
  return (
    <section className="page page--narrow" aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      {email ? <p className="lede">Signed in as {email}</p> : null}
    </section>
  )
}
