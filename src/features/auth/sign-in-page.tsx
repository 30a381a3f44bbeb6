/** The sign-in page. The email-code and magic-link flows plug in here (session work, issue 4). */

/** Where the user goes after signing in is shown so a redirect is never a surprise. */
export function SignInPage({ redirect }: { redirect?: string | undefined }) {
  return (
    <section className="page page--narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p className="lede">Sign in with your email to see the events on your cards.</p>
      {redirect ? (
        <p className="muted" data-testid="redirect-note">
          After signing in you will return to <code>{redirect}</code>.
        </p>
      ) : null}
    </section>
  )
}
