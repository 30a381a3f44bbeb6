/** The one app store (framework-free): auth, events and network state, fed by session messages. */
import { createStore } from 'zustand/vanilla'
import {
  WORKER_MESSAGE,
  type EventsSource,
  type SignOutReason,
  type WorkerMessage,
} from '../core/protocol.ts'
import { keepUnchanged, type PoapEvent } from '../core/poap-event.ts'

/** The signed-in holder as the view knows them: never a credential (no session token, no JWT). */
export interface Holder {
  email: string | null
  /** The phone number of a holder who signed in by text message (E.164), else null. */
  phone: string | null
  expiresAt: number
}

/**
 * What the view knows about the session: `unknown` until the session host has answered; a
 * signed-in state always carries its holder, and only it does.
 */
export type AuthSlice =
  | { status: 'unknown' }
  | {
      status: 'anonymous'
      /** Why the last session ended, until the next sign-in. */
      signedOutReason: SignOutReason | null
    }
  | { status: 'signed-in'; holder: Holder }

/** `signed-in` is the one word on signing in. */
export type AuthStatus = AuthSlice['status']

/** The event list as last received, with its age and origin. */
export interface EventsSlice {
  /** null until a list arrived (drives the loading skeleton). */
  list: PoapEvent[] | null
  fetchedAt: number | null
  source: EventsSource | null
  /** The last fetch failure, cleared by the next list. */
  error: string | null
}

/** Network state as the session host reports it, and the holder's taps it has yet to settle. */
export interface NetSlice {
  /** The host's word: false once a call of its failed to reach the service, until one does. */
  online: boolean
  refreshing: boolean
  /** Queries of the taps kept until a refresh succeeds, oldest first. */
  pendingTaps: string[]
}

/** What the browser says of the device's network (`navigator.onLine`), set by the session wiring. */
export interface DeviceSlice {
  online: boolean
}

/** The whole store: state plus `apply`, the one way messages change it. */
export interface AppState {
  auth: AuthSlice
  events: EventsSlice
  net: NetSlice
  device: DeviceSlice
  /** Applies one validated message from the session host. */
  apply(message: WorkerMessage): void
  /**
   * Notes the device's network as the browser reports it. Coming online, the host's word goes back
   * to "reached" until its next call (which the wiring asks for at once) says otherwise.
   */
  setDeviceOnline(online: boolean): void
}

const anonymous = (reason: SignOutReason | null = null): AuthSlice => ({
  status: 'anonymous',
  signedOutReason: reason,
})

const noEvents: EventsSlice = { list: null, fetchedAt: null, source: null, error: null }

type Data = Pick<AppState, 'auth' | 'events' | 'net' | 'device'>

/** The state after `message`; pure, so it is easy to test and reason about. */
export function reduce(state: Data, message: WorkerMessage): Partial<Data> {
  switch (message.type) {
    case WORKER_MESSAGE.snapshot: {
      const { auth, events, status } = message
      return {
        auth: auth.signedIn
          ? {
              status: 'signed-in',
              holder: { email: auth.email, phone: auth.phone, expiresAt: auth.expiresAt },
            }
          : anonymous(state.auth.status === 'anonymous' ? state.auth.signedOutReason : null),
        events: events
          ? {
              list: keepUnchanged(state.events.list, events.events),
              fetchedAt: events.fetchedAt,
              source: events.source,
              error: null,
            }
          : auth.signedIn
            ? state.events
            : noEvents,
        net: {
          online: status.online,
          refreshing: status.refreshing,
          pendingTaps: status.pendingTaps,
        },
      }
    }
    case WORKER_MESSAGE.signin:
      // A new sign-in never shows the previous user's list, even for a moment.
      return {
        auth: {
          status: 'signed-in',
          holder: { email: message.email, phone: message.phone, expiresAt: message.expiresAt },
        },
        events: noEvents,
      }
    case WORKER_MESSAGE.session:
      // A late re-authentication never signs a signed-out view back in.
      if (state.auth.status !== 'signed-in') return {}
      return {
        auth: {
          status: 'signed-in',
          holder: { ...state.auth.holder, expiresAt: message.expiresAt },
        },
      }
    case WORKER_MESSAGE.signout:
      return { auth: anonymous(message.reason), events: noEvents }
    case WORKER_MESSAGE.events:
      if (state.auth.status === 'anonymous') return {}
      return {
        events: {
          // A refresh that changed nothing re-renders no card (see keepUnchanged).
          list: keepUnchanged(state.events.list, message.events),
          fetchedAt: message.fetchedAt,
          source: message.source,
          error: null,
        },
      }
    case WORKER_MESSAGE.eventsError:
      return { events: { ...state.events, error: message.message } }
    case WORKER_MESSAGE.status:
      return {
        net: {
          online: message.online,
          refreshing: message.refreshing,
          pendingTaps: message.pendingTaps,
        },
      }
    case WORKER_MESSAGE.report:
      // For the error-reporting service (see session-wiring.ts); nothing the view shows.
      return {}
    case WORKER_MESSAGE.accountResult:
    case WORKER_MESSAGE.handoffResult:
      // The answer to one screen's request (see session-client.ts); not shared state.
      return {}
  }
}

/**
 * Builds a fresh store; tests build their own so nothing leaks between them. `initial` is for the
 * build's prerender, which renders each first screen from the state it would start in.
 */
export function createAppStore(initial: Partial<Data> = {}) {
  return createStore<AppState>()((set, get) => ({
    auth: { status: 'unknown' },
    events: noEvents,
    net: { online: true, refreshing: false, pendingTaps: [] },
    // Online as the build prerenders the page; the wiring sets the browser's word at start.
    device: { online: true },
    ...initial,
    apply: (message) => set(reduce(get(), message)),
    setDeviceOnline: (online) =>
      set((state) => ({
        device: { online },
        net: online ? { ...state.net, online: true } : state.net,
      })),
  }))
}

/** The store type, for code that receives it (router context, session wiring). */
export type AppStore = ReturnType<typeof createAppStore>

/**
 * Whether the service can be reached, the one place that decides it: `offline` when the device
 * has no network, `unreachable` when it has one but the host's calls do not get through (lie-fi,
 * a service down), else `online`.
 */
export type Reachability = 'online' | 'unreachable' | 'offline'

/** The holder's reachability, from the device's network and the host's word. */
export const selectReachability = (state: Pick<AppState, 'net' | 'device'>): Reachability =>
  !state.device.online ? 'offline' : state.net.online ? 'online' : 'unreachable'

/** True when the session host says a holder is signed in (the status is the one owner of that). */
export const selectIsSignedIn = (state: AppState): boolean => state.auth.status === 'signed-in'

/** The signed-in holder, or null when no one is signed in (or the host has not said yet). */
export const selectHolder = (state: Pick<AppState, 'auth'>): Holder | null =>
  state.auth.status === 'signed-in' ? state.auth.holder : null

/** Resolves once the auth status is known (the session host has answered). */
export function whenAuthKnown(store: AppStore): Promise<AuthStatus> {
  const current = store.getState().auth.status
  if (current !== 'unknown') return Promise.resolve(current)
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.auth.status === 'unknown') return
      unsubscribe()
      resolve(state.auth.status)
    })
  })
}
