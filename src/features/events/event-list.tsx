/** The home list's cards as browsed: now and upcoming, the past by year, or what found nothing. */
import { memo } from 'react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BrowsedEvents } from '../../core/event-browse.ts'
import { EventGroup } from './event-group.tsx'
import { NoMatch } from './no-match.tsx'

/**
 * Renders again only when the browsed list (or the language) changes: a change of the search or
 * of a filter that leaves the list as it was renders none of it again.
 */
export const EventList = memo(function EventList({
  list,
  query,
  total,
  onShowAll,
}: {
  list: BrowsedEvents
  /** The search, when there is one: an empty result names it. */
  query: string | undefined
  /** Events in the whole list; none, and there is nothing to search. */
  total: number
  onShowAll(): void
}) {
  const { t } = useLingui()
  return (
    <>
      {total > 0 && list.matching === 0 ? <NoMatch query={query} onShowAll={onShowAll} /> : null}
      {list.now.length > 0 ? (
        <EventGroup
          id="group-now"
          title={t`Now and upcoming`}
          showMore={(count) =>
            t`${plural(count, {
              one: 'Show # more upcoming event',
              other: 'Show # more upcoming events',
            })}`
          }
          sections={[{ key: 'now', heading: null, events: list.now }]}
          happening={list.happening}
        />
      ) : null}
      {list.past.length > 0 ? (
        <EventGroup
          id="group-past"
          title={t({ message: 'Past', comment: 'Heading of the group of events that are over' })}
          showMore={(count) =>
            t`${plural(count, { one: 'Show # more past event', other: 'Show # more past events' })}`
          }
          sections={list.past.map((group) => ({
            key: String(group.year),
            heading: <YearHeading year={group.year} total={group.events.length} />,
            events: group.events,
          }))}
        />
      ) : null}
    </>
  )
})

/** A year's heading in the past, with how many events it holds: "2021 · 6 events". */
function YearHeading({ year, total }: { year: number | null; total: number }) {
  const { t } = useLingui()
  const events = t`${plural(total, { one: '# event', other: '# events' })}`
  return (
    <h3 className="event-section__heading">
      {year === null ? (
        <Trans comment="Heading of the past events whose date is not known">Date unknown</Trans>
      ) : (
        String(year)
      )}{' '}
      <span className="muted">· {events}</span>
    </h3>
  )
}
