/** Above the home list: the search box, the filters with their counts, the order and the result count. */
import { useId, useMemo, type ReactNode } from 'react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { BrowsedEvents } from '../../core/event-browse.ts'
import { searchKey } from '../../core/event-search.ts'
import { isNarrowed, type ListSearch } from '../../core/list-search.ts'

/** The search box's longest text (UTF-16 units; the URL keeps up to 200 characters). */
const MAX_TYPED = 200

/**
 * A search form: typing narrows the list at once; each filter is a native select (what every
 * phone, keyboard and screen reader already knows) naming how many events each choice holds.
 * A choice the URL asks for that no event holds still shows, with its zero.
 */
export function ListControls({
  search,
  text,
  onSearch,
  browsed,
  total,
}: {
  search: ListSearch
  /** The search box's text, as typed. */
  text: string
  /** Changes the search or a filter; a field set to undefined is dropped. */
  onSearch(patch: Partial<ListSearch>): void
  browsed: BrowsedEvents
  /** Events in the whole list. */
  total: number
}) {
  const { t, i18n } = useLingui()
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.locale), [i18n.locale])
  const counted = (label: string, count: number) => `${label} (${numbers.format(count)})`
  const all = browsed.when.now + browsed.when.past
  const matching = browsed.matching

  // A choice the URL asks for that no event holds is listed with its zero, chosen; a country is
  // the same one as an event's whatever its case, accents or width (as the filter compares them).
  const years =
    search.year === undefined || browsed.years.some((facet) => facet.value === search.year)
      ? browsed.years
      : [{ value: search.year, count: 0 }, ...browsed.years]
  const wantedCountry = search.country === undefined ? null : searchKey(search.country)
  const listedCountry = browsed.countries.find((facet) => searchKey(facet.value) === wantedCountry)
  const countries =
    search.country === undefined || listedCountry !== undefined
      ? browsed.countries
      : [{ value: search.country, count: 0 }, ...browsed.countries]
  const chosenCountry = listedCountry?.value ?? search.country ?? ''

  return (
    <form
      role="search"
      className="list-controls"
      aria-label={t`Search and filter your events`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label={<Trans>Search your events</Trans>} className="list-controls__search">
        {(id) => (
          <input
            id={id}
            type="search"
            className="input"
            value={text}
            maxLength={MAX_TYPED}
            placeholder={t({
              message: 'Name, city or country',
              comment: 'Placeholder of the search box above the list of events',
            })}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => onSearch({ q: event.currentTarget.value })}
          />
        )}
      </Field>
      <div className="list-controls__filters">
        <Field label={<Trans comment="Filter: events now and upcoming, or past">Show</Trans>}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={search.when ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value
                onSearch({ when: value === 'now' || value === 'past' ? value : undefined })
              }}
            >
              <option value="">
                {counted(
                  t({ message: 'All', context: 'events', comment: 'Show filter: every event' }),
                  all,
                )}
              </option>
              <option value="now">{counted(t`Now and upcoming`, browsed.when.now)}</option>
              <option value="past">
                {counted(
                  t({ message: 'Past', comment: 'Heading of the group of events that are over' }),
                  browsed.when.past,
                )}
              </option>
            </select>
          )}
        </Field>
        <Field label={<Trans comment="Filter: the year of the events">Year</Trans>}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={search.year ?? ''}
              onChange={(event) => {
                const value = Number(event.currentTarget.value)
                onSearch({ year: value > 0 ? value : undefined })
              }}
            >
              <option value="">
                {counted(
                  t({ message: 'All', context: 'years', comment: 'Year filter: every year' }),
                  browsed.anyYear,
                )}
              </option>
              {years.map((facet) => (
                <option key={facet.value} value={facet.value}>
                  {counted(String(facet.value), facet.count)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {countries.length > 0 ? (
          <Field label={<Trans comment="Filter: the country of the events">Country</Trans>}>
            {(id) => (
              <select
                id={id}
                className="input"
                value={chosenCountry}
                onChange={(event) => onSearch({ country: event.currentTarget.value || undefined })}
              >
                <option value="">
                  {counted(
                    t({
                      message: 'All',
                      context: 'countries',
                      comment: 'Country filter: every country',
                    }),
                    browsed.anyCountry,
                  )}
                </option>
                {countries.map((facet) => (
                  <option key={facet.value} value={facet.value}>
                    {counted(facet.value, facet.count)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field label={<Trans comment="How past events are ordered">Order</Trans>}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={search.sort ?? 'newest'}
              onChange={(event) =>
                onSearch({ sort: event.currentTarget.value === 'oldest' ? 'oldest' : undefined })
              }
            >
              <option value="newest">{t`Newest first`}</option>
              <option value="oldest">{t`Oldest first`}</option>
            </select>
          )}
        </Field>
      </div>
      <p className="muted list-controls__count" role="status" data-testid="match-count">
        {isNarrowed(search)
          ? t`${plural(matching, { one: '# event matches', other: '# events match' })}`
          : t`${plural(total, { one: '# event', other: '# events' })}`}
      </p>
    </form>
  )
}

/**
 * A label over its control, tied by id (not wrapped: a select inside its label would take its
 * chosen option into its name, "Country All countries (12)").
 */
function Field({
  label,
  className,
  children,
}: {
  label: ReactNode
  className?: string
  children(id: string): ReactNode
}) {
  const id = useId()
  return (
    <div className={className ? `list-controls__field ${className}` : 'list-controls__field'}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  )
}
