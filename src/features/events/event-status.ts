/** Status words for people: the badge text, so a status never relies on colour alone. */
import { isKnownStatus, type PoapEventStatus } from '../../core/poap-event.ts'

/** The badge text of each known status. */
export const STATUS_LABEL: Record<PoapEventStatus, string> = {
  active: 'Active',
  'pending-approval': 'Pending approval',
  future: 'Upcoming',
  expired: 'Ended',
  rejected: 'Rejected',
}

/** One sentence on what a known status means for the holder (the detail page). */
export const STATUS_MEANING: Record<PoapEventStatus, string> = {
  active: 'Happening now: your collectible is claimed.',
  'pending-approval': 'Your claim is waiting for the organiser’s approval.',
  future: 'This event has not started yet.',
  expired: 'This event is over. The collectible stays in your list.',
  rejected: 'The organiser did not approve this claim.',
}

/** `on-hold` → `On hold`: a status the app does not know, in plain words. */
const humanise = (status: string) => {
  const words = status.replace(/-+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The badge text of a (normalised) status, known or not. */
export function statusLabel(status: string): string {
  return isKnownStatus(status) ? STATUS_LABEL[status] : humanise(status)
}

/** The detail page's sentence on a status; for one the app does not know, a neutral statement. */
export function statusMeaning(status: string): string {
  return isKnownStatus(status)
    ? STATUS_MEANING[status]
    : `This collectible’s status is “${humanise(status)}”.`
}
