/** Status words for people: the badge text, so a status never relies on colour alone. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isKnownStatus, type PoapEventStatus } from '../../core/poap-event.ts'

/** The badge text of each known status. */
export const STATUS_LABEL: Record<PoapEventStatus, MessageDescriptor> = {
  active: msg({ message: 'Active', comment: 'Status badge of an event happening now' }),
  'pending-approval': msg({
    message: 'Pending approval',
    comment: 'Status badge: the claim waits for the organiser',
  }),
  future: msg({ message: 'Upcoming', comment: 'Status badge of an event not started yet' }),
  expired: msg({ message: 'Ended', comment: 'Status badge of an event that is over' }),
  rejected: msg({
    message: 'Rejected',
    comment: 'Status badge: the organiser did not approve the claim',
  }),
}

/** One sentence on what a known status means for the holder (the detail page). */
export const STATUS_MEANING: Record<PoapEventStatus, MessageDescriptor> = {
  active: msg`Happening now: your collectible is claimed.`,
  'pending-approval': msg`Your claim is waiting for the organiser’s approval.`,
  future: msg`This event has not started yet.`,
  expired: msg`This event is over. The collectible stays in your list.`,
  rejected: msg`The organiser did not approve this claim.`,
}

/** `on-hold` → `On hold`: a status the app does not know, in plain words (its own, untranslated). */
const humanise = (status: string) => {
  const words = status.replace(/-+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The badge text of a (normalised) status, known or not, in `i18n`'s language. */
export function statusLabel(status: string, i18n: I18n): string {
  return isKnownStatus(status) ? i18n._(STATUS_LABEL[status]) : humanise(status)
}

/**
 * The detail page's sentence on a status, in `i18n`'s language; for one the app does not know, a
 * neutral statement.
 */
export function statusMeaning(status: string, i18n: I18n): string {
  if (isKnownStatus(status)) return i18n._(STATUS_MEANING[status])
  const name = humanise(status)
  return i18n._(
    msg({
      message: `This collectible’s status is “${name}”.`,
      comment: 'A status the app has no words for, in the words the service gives it',
    }),
  )
}
