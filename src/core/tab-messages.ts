/**
 * The messages tabs send to the worker (or the page host), each described once as a schema: the
 * other half of the protocol (protocol.ts), read only by the worker and the page host, so a page's
 * start-up code never carries it (decision 035).
 */
import { accountCallSchema } from './account-messages.ts'
import {
  readMessage,
  requestId,
  TAB_MESSAGE,
  tapQuery,
  type MessagesOf,
  type OnDropped,
} from './protocol.ts'
import { parseAuthenticateData } from './provider-session.ts'
import { custom, merge, nonEmptyString, object } from './schema.ts'

/** The fields of each message a tab sends to the worker, by type. */
const tabMessages = {
  /** A tab opened or reloaded and asks for the current view. */
  [TAB_MESSAGE.hello]: object({}),
  /**
   * The page signed in and hands the provider's authenticate parts to the worker, once. The worker
   * confirms the session at the provider before it keeps it, and answers with `handoff-result`.
   */
  [TAB_MESSAGE.handoff]: merge(
    object({ id: requestId }),
    custom((value, path) => parseAuthenticateData(value, path || 'handoff')),
  ),
  /** A visible tab is alive (also sent as a nudge on visibilitychange, focus and online). */
  [TAB_MESSAGE.heartbeat]: object({}),
  /** The user asked for fresh events. */
  [TAB_MESSAGE.refresh]: object({}),
  /** A signed-in holder tapped a card: keep the tap and refresh until a refresh succeeds. */
  [TAB_MESSAGE.tap]: object({ query: tapQuery }),
  /** The user asked to sign out. */
  [TAB_MESSAGE.signout]: object({}),
  /** The tab took a report into its reporter (so the worker need not post it elsewhere). */
  [TAB_MESSAGE.reportReceived]: object({ id: nonEmptyString }),
  /**
   * A signed-in tab asks the worker for a provider call on the holder's account (passkeys): the
   * worker makes it with the session token and answers this tab alone with `account-result`.
   */
  [TAB_MESSAGE.account]: object({ id: requestId, call: accountCallSchema }),
}

type TabMessages = MessagesOf<typeof tabMessages>

/** Every message from a tab to the worker. */
export type TabMessage = TabMessages[keyof TabMessages]

/**
 * Validates a message that arrived from a tab; malformed, unknown or other-version data is null,
 * and `onDropped` hears why.
 */
export function parseTabMessage(data: unknown, onDropped?: OnDropped): TabMessage | null {
  return readMessage(tabMessages, data, onDropped)
}
