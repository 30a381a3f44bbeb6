/** The signed-in home: the holder's events. */

/** Placeholder until the session engine feeds events (issue 4). */
export function EventsHome() {
  return (
    <section className="page" aria-labelledby="events-title">
      <h1 id="events-title">Your events</h1>
    </section>
  )
}
