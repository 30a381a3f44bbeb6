/** Hands each tap to the session host once, and works out which events its refresh brought. */
import { useEffect, useRef, useState } from 'react'
import { timing } from '../../config/timing.ts'
import type { PoapEvent } from '../../core/poap-event.ts'
import { selectReachability, type EventsSlice } from '../../store/app-store.ts'
import { useAppStore } from '../../store/use-app-store.tsx'

interface Run {
  key: string
  /** Event ids before the refresh; null when no list had arrived yet. */
  before: ReadonlySet<string> | null
  /** The events slice at the start: any new one (a list, or a failure) is the host's answer. */
  events: EventsSlice
  sawRefreshing: boolean
  timedOut: boolean
  /** Counts the refreshes waited for; each has its own deadline. */
  round: number
  done: boolean
}

/** Where the refresh for one tap stands. */
export type TapRefresh = { done: false } | { done: true; fresh: PoapEvent[] }

/**
 * Hands the tap `key` (its query) to the host once `enabled`, and answers, once the refresh it
 * asked for is over, with the events that are new (kept up to date: a tap the host settles later
 * brings its events then). Over means: the host reported it running and then not; or a new list
 * or failure arrived; or the timeout passed. Without a list before, nothing can be called new.
 *
 * A refresh that ends well with the tap still kept was already under way when the tap came (it
 * began fetching before): the host settles the tap with the next one, which is waited for too.
 */
export function useTapRefresh(
  key: string,
  onTap: (key: string) => void,
  enabled: boolean,
  timeoutMs = timing.tapRefreshTimeoutMs,
): TapRefresh {
  const events = useAppStore((state) => state.events)
  const list = events.list
  const refreshing = useAppStore((state) => state.net.refreshing)
  const online = useAppStore(selectReachability) === 'online'
  const pending = useAppStore((state) => state.net.pendingTaps.includes(key))
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
      round: 0,
      done: false,
    })
    onTap(key)
  }, [key, enabled, ready, list, events, refreshing, onTap])

  useEffect(() => {
    if (!run || run.done) return
    if (refreshing && !run.timedOut) {
      if (!run.sawRefreshing) setRun({ ...run, sawRefreshing: true })
      return
    }
    if (!run.sawRefreshing && !run.timedOut && events === run.events) return
    if (!run.timedOut && pending && online && events.error === null) {
      setRun({ ...run, events, sawRefreshing: false, round: run.round + 1 })
    } else {
      setRun({ ...run, done: true })
    }
  }, [run, refreshing, events, pending, online])

  const waiting = run !== null && !run.done
  const runKey = run?.key
  const round = run?.round
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(
      () => setRun((current) => current && { ...current, timedOut: true }),
      timeoutMs,
    )
    return () => clearTimeout(timer)
  }, [waiting, runKey, round, timeoutMs])

  if (run?.key !== key || !run.done) return { done: false }
  const before = run.before
  return { done: true, fresh: before && list ? list.filter((event) => !before.has(event.id)) : [] }
}
