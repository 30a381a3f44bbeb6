/** One event's detail page. */

/** Placeholder until events come from the cache (issue 5). */
export function EventDetailPage({ eventId }: { eventId: string }) {
  return (
    <section className="page page--narrow" aria-labelledby="event-title">
      <h1 id="event-title">Event</h1>
      <p className="muted">Event {eventId}</p>
    </section>
  )
}
