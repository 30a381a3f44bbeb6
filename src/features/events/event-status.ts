/** Status words for people: the badge text, so a status never relies on colour alone. */
import type { PoapEventStatus } from '../../core/poap-event.ts'

/** The badge text of each status. */
export const STATUS_LABEL: Record<PoapEventStatus, string> = {
  active: 'Active',
  'pending-approval': 'Pending approval',
  future: 'Upcoming',
  expired: 'Ended',
  rejected: 'Rejected',
}

/** One sentence on what a status means for the holder (the detail page). */
export const STATUS_MEANING: Record<PoapEventStatus, string> = {
  active: 'Happening now: your collectible is claimed.',
  'pending-approval': 'Your claim is waiting for the organiser’s approval.',
  future: 'This event has not started yet.',
  expired: 'This event is over. The collectible stays in your list.',
  rejected: 'The organiser did not approve this claim.',
}
