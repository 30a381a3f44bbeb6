/**
 * The home list's search and filters as the URL keeps them (`/?q=zurich&year=2021`): read
 * tolerantly, per field, from whatever a link or a hand-edited address holds. A field that does
 * not read is dropped, never an error: a shared link with one bad filter still opens the list.
 */

/** What the list shows; a field left out is "everything" (and newest first). */
export interface ListSearch {
  /** The words searched for, as typed. */
  q?: string | undefined
  /** Events of this year only. */
  year?: number | undefined
  /** Now and upcoming, or past events only. */
  when?: 'now' | 'past' | undefined
  /** Events in this country only, as the events name it. */
  country?: string | undefined
  /** Past events oldest first (newest first when left out). */
  sort?: 'oldest' | undefined
}

/** Longest search kept: far beyond any event's name, short enough to keep a URL small. */
export const MAX_QUERY_LENGTH = 200
const MAX_COUNTRY_LENGTH = 100
const FIRST_YEAR = 1970
const LAST_YEAR = 9999

/**
 * The router reads `?q=2021` as the number 2021 and `?q=true` as a boolean (its values are
 * JSON when they parse): a search is what was written, so those come back as text.
 */
function text(value: unknown, max: number): string | undefined {
  const written =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined
  if (written === undefined || written.trim() === '') return undefined
  // Cut on a whole character: never half of a surrogate pair.
  return Array.from(written).slice(0, max).join('')
}

function year(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN
  return Number.isInteger(number) && number >= FIRST_YEAR && number <= LAST_YEAR
    ? number
    : undefined
}

/**
 * The list's search from the URL's parsed parameters; what does not read is undefined. Every key
 * is set, undefined or not: the router merges raw parameters into the validated ones, so a key
 * left out would let the raw value through.
 */
export function parseListSearch(search: Record<string, unknown>): ListSearch {
  const when = search['when']
  return {
    q: text(search['q'], MAX_QUERY_LENGTH),
    year: year(search['year']),
    when: when === 'now' || when === 'past' ? when : undefined,
    country: text(search['country'], MAX_COUNTRY_LENGTH)?.trim(),
    sort: search['sort'] === 'oldest' ? 'oldest' : undefined,
  }
}

/** Whether anything narrows the list (a sort alone does not). */
export const isNarrowed = (search: ListSearch): boolean =>
  search.q !== undefined ||
  search.year !== undefined ||
  search.when !== undefined ||
  search.country !== undefined
