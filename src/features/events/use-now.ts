/** The current time, refreshed on an interval, for texts like "updated 3 minutes ago". */
import { useEffect, useState } from 'react'

/** Re-renders every `everyMs` (30 s by default) with the new time. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
