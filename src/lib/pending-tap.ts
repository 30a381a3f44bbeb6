/** A card tap made offline, kept in IndexedDB until the app is back online to refresh. */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/**
 * Database of its own: never the session engine's `iyk-cards`, whose one record the engine
 * rewrites as a whole and clears on sign-out.
 */
export const PENDING_TAP_DATABASE = 'iyk-cards-taps'

/** Object store inside that database. */
export const PENDING_TAP_STORE = 'taps'

/** The one key: only the latest tap is kept, since all it asks for is one refresh. */
export const PENDING_TAP_KEY = 'pending-tap'

/** What is kept: the tap's raw query (`?uid=…`, checked by the page first) and when. */
export interface PendingTap {
  query: string
  savedAt: number
}

/** Reading, keeping and forgetting the pending tap; the tap page takes it as a prop for tests. */
export interface PendingTapStore {
  read(): Promise<PendingTap | null>
  save(tap: PendingTap): Promise<void>
  clear(): Promise<void>
}

let opened: UseStore | null = null
// idb-keyval opens the database when the store is created: wait for the first use.
const tapStore = () => (opened ??= createStore(PENDING_TAP_DATABASE, PENDING_TAP_STORE))

function isPendingTap(value: unknown): value is PendingTap {
  if (typeof value !== 'object' || value === null) return false
  const { query, savedAt } = value as Record<string, unknown>
  return typeof query === 'string' && typeof savedAt === 'number' && Number.isFinite(savedAt)
}

/** The pending tap over IndexedDB; anything unreadable counts as no tap. */
export const pendingTapStore: PendingTapStore = {
  async read() {
    const value = await get<unknown>(PENDING_TAP_KEY, tapStore())
    return isPendingTap(value) ? value : null
  },
  save: (tap) => set(PENDING_TAP_KEY, { query: tap.query, savedAt: tap.savedAt }, tapStore()),
  clear: () => del(PENDING_TAP_KEY, tapStore()),
}
