/**
 * "Add to calendar" for an event that has not ended: an iCalendar file (RFC 5545), made on the
 * device, so it works offline too. Its maker is loaded on the first press, off the start-up path.
 */
import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { eventDateEndMs } from '../../core/event-date.ts'
import type { PoapEvent } from '../../core/poap-event.ts'

/** Whether `event` is still to come or under way at `now` (its last date has not ended). */
export function notEnded(event: PoapEvent, now: number): boolean {
  const last = event.endDate ?? event.startDate
  const end = last === null ? null : eventDateEndMs(last)
  return end !== null && end > now
}

/** The file's name: the event's name in plain letters, or its id. */
function fileName(event: PoapEvent): string {
  const slug = event.name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  return `${slug || `event-${event.id}`}.ics`
}

/** Hands `text` to the browser as a download named `name`. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The download has begun by the next task; the file's address is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function AddToCalendar({ event }: { event: PoapEvent }) {
  const [failed, setFailed] = useState(false)
  const add = () => {
    setFailed(false)
    import('../../core/event-calendar.ts').then(
      ({ eventCalendar }) => {
        const text = eventCalendar(event, { host: window.location.hostname, now: Date.now() })
        if (text === null) setFailed(true)
        else download(text, fileName(event))
      },
      () => setFailed(true),
    )
  }
  return (
    <div className="add-to-calendar">
      <button type="button" className="button" onClick={add}>
        <Trans comment="Button: downloads a calendar file (.ics) of the event">
          Add to calendar
        </Trans>
      </button>
      {failed ? (
        <p className="share__feedback share__feedback--error" role="alert">
          <Trans>The calendar file could not be made here. Try again.</Trans>
        </p>
      ) : null}
    </div>
  )
}
