/** An event's status as a badge: a word, with colour only as a second cue. */
import { useLingui } from '@lingui/react/macro'
import { isKnownStatus } from '../../core/poap-event.ts'
import { statusLabel } from './event-status.ts'

/** The badge for one (normalised) status; one the app does not know is shown in a neutral colour. */
export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui()
  // Only known statuses name a class: an unknown word must not pick up another badge's style.
  const modifier = isKnownStatus(status) ? status : 'other'
  return <span className={`badge badge--${modifier}`}>{statusLabel(status, i18n)}</span>
}
