/** Refreshes the event list once per tap and works out which events the refresh brought. */
import { useEffect, useRef, useState } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import type { EventsSlice } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'

/** Longest wait for the host's answer: a refresh it skipped (one already ran) sends nothing. */
export const TAP_REFRESH_TIMEOUT_MS = 15_000

interface Run {
  key: string
  /** Event ids before the refresh; null when no list had arrived yet. */
  before: ReadonlySet<string> | null
  /** The events slice at the start: any new one (a list, or a failure) is the host's answer. */
  events: EventsSlice
  sawRefreshing: boolean
  timedOut: boolean
  /** Set once the refresh is over: the events the list did not hold before. */
  fresh: PoapEvent[] | null
}

/** Where the refresh for one tap stands. */
export type TapRefresh = { done: false } | { done: true; fresh: PoapEvent[] }

/**
 * Asks for one refresh per `key` (the tap's query) once `enabled`, and answers, once it is over, with the events
 * that are new. Over means: the host reported it running and then not; or a new list or failure arrived; or
 * the timeout passed. Without a list before, nothing can be called new.
 */
export function useTapRefresh(
  key: string,
  onRefresh: () => void,
  enabled: boolean,
  timeoutMs = TAP_REFRESH_TIMEOUT_MS,
): TapRefresh {
  const events = useAppStore((state) => state.events)
  const list = events.list
  const refreshing = useAppStore((state) => state.net.refreshing)
  const [run, setRun] = useState<Run | null>(null)
  // Once per tap, even when StrictMode runs effects twice.
  const started = useRef<string | null>(null)

  // A first list still on its way is the baseline, not news: wait for it.
  const ready = !(list === null && refreshing)
  useEffect(() => {
    if (!enabled || !ready || started.current === key) return
    started.current = key
    setRun({
      key,
      before: list ? new Set(list.map((event) => event.id)) : null,
      events,
      sawRefreshing: refreshing,
      timedOut: false,
      fresh: null,
    })
    onRefresh()
  }, [key, enabled, ready, list, events, refreshing, onRefresh])

  useEffect(() => {
    if (!run || run.fresh) return
    if (refreshing && !run.timedOut) {
      if (!run.sawRefreshing) setRun({ ...run, sawRefreshing: true })
      return
    }
    if (run.sawRefreshing || run.timedOut || events !== run.events) {
      const before = run.before
      const fresh = before && list ? list.filter((event) => !before.has(event.id)) : []
      setRun({ ...run, fresh })
    }
  }, [run, refreshing, events, list])

  const waiting = run !== null && run.fresh === null
  const runKey = run?.key
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(
      () => setRun((current) => current && { ...current, timedOut: true }),
      timeoutMs,
    )
    return () => clearTimeout(timer)
  }, [waiting, runKey, timeoutMs])

  return run?.key === key && run.fresh ? { done: true, fresh: run.fresh } : { done: false }
}
