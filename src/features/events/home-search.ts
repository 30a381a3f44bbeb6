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
 * The list's search from the URL, and a new one to put there. Each replaces the history entry
 * (Back leaves the list, as it did before the search); a reload, a return from an event or a
 * shared link finds the search in the URL.
 */
export function useHomeSearch(): [ListSearch, (search: ListSearch) => void] {
  const search = useSearch({ from: '/', shouldThrow: false }) ?? EVERYTHING
  const navigate = useNavigate({ from: '/' })
  const change = useCallback(
    (next: ListSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  )
  return [search, change]
}
