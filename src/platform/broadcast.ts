/** Worker → tab messages over BroadcastChannel: sending, and a validated subscription. */
import {
  CHANNEL_NAME,
  parseWorkerMessage,
  type OnDropped,
  type WorkerMessage,
} from '../core/protocol.ts'
import type { Broadcast } from '../core/ports.ts'

/** Creates the engine's Broadcast port on the protocol channel. */
export function createBroadcast(channelName = CHANNEL_NAME): Broadcast {
  const channel = new BroadcastChannel(channelName)
  return (message) => channel.postMessage(message)
}

/** Where to listen (the protocol's channel unless named), and who hears why a message was dropped. */
export interface SubscribeOptions {
  channelName?: string
  onDropped?: OnDropped
}

/**
 * Calls `handler` with every valid worker message on the channel (the others are dropped, and
 * `onDropped` hears why); returns unsubscribe.
 */
export function subscribeWorkerMessages(
  handler: (message: WorkerMessage) => void,
  { channelName = CHANNEL_NAME, onDropped }: SubscribeOptions = {},
): () => void {
  const channel = new BroadcastChannel(channelName)
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = parseWorkerMessage(event.data, onDropped)
    if (message !== null) handler(message)
  }
  return () => channel.close()
}
