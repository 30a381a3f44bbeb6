/** What the home list says when a search or filter leaves nothing, and the way back to everything. */
import { Trans } from '@lingui/react/macro'

/** An empty result: what found nothing, and a button back to the whole list. */
export function NoMatch({ query, onShowAll }: { query: string | undefined; onShowAll(): void }) {
  return (
    <div className="card empty" data-testid="no-match">
      <h2>
        {query === undefined ? (
          <Trans>No events match these filters</Trans>
        ) : (
          <Trans comment="The holder's search found nothing, e.g. No events match “zurich”">
            No events match “{query}”
          </Trans>
        )}
      </h2>
      <p className="muted">
        <Trans>Try other words, or another year or country.</Trans>
      </p>
      <button type="button" className="button" onClick={onShowAll}>
        <Trans comment="Clears the search and every filter of the list">Show all events</Trans>
      </button>
    </div>
  )
}
