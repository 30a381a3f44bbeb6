/** An event's status as a badge: a word, with colour only as a second cue. */
import type { PoapEventStatus } from '../../core/poap-event.ts'
import { STATUS_LABEL } from './event-status.ts'

/** The badge for one status. */
export function StatusBadge({ status }: { status: PoapEventStatus }) {
  return <span className={`badge badge--${status}`}>{STATUS_LABEL[status]}</span>
}
