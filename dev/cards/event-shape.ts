/**
 * Which list the cards stand-in serves a user, chosen by the email their session was proven with
 * (the session JWT's email factor), so a test or a person picks a shape by the address they use:
 *
 *   an address containing `+camel`  the camelCase shape
 *   an address containing `+mixed`  the mixed list (good entries beside broken ones)
 *   an address containing `+empty`  no events
 *   any other address, or none      POAP's native shape (the default; wallet sign-ins have no email)
 *
 * e.g. `ada+camel@example.com`. `PUT /_dev/events` overrides the rule for one user.
 */

/** The lists the stand-in can serve. */
export type EventShape = 'native' | 'camel' | 'mixed' | 'empty'

const TAGS: readonly [tag: string, shape: EventShape][] = [
  ['+camel', 'camel'],
  ['+mixed', 'mixed'],
  ['+empty', 'empty'],
]

/** The shape for a session's email (case-insensitive); native when there is none or no tag. */
export function eventShapeFor(email: string | undefined): EventShape {
  const address = email?.toLowerCase() ?? ''
  return TAGS.find(([tag]) => address.includes(tag))?.[1] ?? 'native'
}
