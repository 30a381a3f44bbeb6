/**
 * The home route's search parameters: the list's search and filters (`/?q=zurich&year=2021`),
 * validated for the router and changed through it.
 */
import { useCallback } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { parseListSearch, type ListSearch } from '../../core/list-search.ts'

/** The `/` route's `validateSearch`: every field read tolerantly, a bad one dropped. */
export const validateHomeSearch = parseListSearch

/** No search: the build's frame of the list renders outside the route's match. */
const EVERYTHING: ListSearch = {}

/**
 * The list's search from the URL, and a change to it. Each change replaces the history entry
 * (Back leaves the list, as it did before the search); a reload, a return from an event or a
 * shared link finds the search in the URL.
 */
export function useHomeSearch(): [ListSearch, (patch: Partial<ListSearch>) => void] {
  const search = useSearch({ from: '/', shouldThrow: false }) ?? EVERYTHING
  const navigate = useNavigate({ from: '/' })
  const change = useCallback(
    (patch: Partial<ListSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }),
    [navigate],
  )
  return [search, change]
}
