/** The card-tap page: the landing place of a card's URL. */

/** Placeholder until tap checking lands (issue 5); renders offline from the precached shell. */
export function TapPage() {
  return (
    <section className="page page--narrow" aria-labelledby="tap-title">
      <h1 id="tap-title">Card tap</h1>
      <p className="lede">Your card opened IYK Cards.</p>
    </section>
  )
}
