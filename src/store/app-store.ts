/** The one app store (framework-free): auth, events and network state, fed by session messages. */
import { createStore } from 'zustand/vanilla'

/** `unknown` until the session host has answered; signed in means a JWT is present. */
export type AuthStatus = 'unknown' | 'anonymous' | 'signed-in'

/** What the view knows about the session. The session token is never here. */
export interface AuthSlice {
  status: AuthStatus
  jwt: string | null
  email: string | null
  expiresAt: number | null
}

/** Network state as the session host reports it. */
export interface NetSlice {
  online: boolean
}

/** The whole store: state plus the few actions that feed it. */
export interface AppState {
  auth: AuthSlice
  net: NetSlice
  signedIn(auth: { jwt: string; email: string; expiresAt: number }): void
  signedOut(): void
  setOnline(online: boolean): void
}

const anonymousAuth = (status: AuthStatus): AuthSlice => ({
  status,
  jwt: null,
  email: null,
  expiresAt: null,
})

/** Builds a fresh store; tests build their own so nothing leaks between them. */
export function createAppStore() {
  return createStore<AppState>()((set) => ({
    auth: anonymousAuth('unknown'),
    net: { online: true },
    signedIn: ({ jwt, email, expiresAt }) =>
      set({
        auth: { status: jwt ? 'signed-in' : 'anonymous', jwt: jwt || null, email, expiresAt },
      }),
    signedOut: () => set({ auth: anonymousAuth('anonymous') }),
    setOnline: (online) => set({ net: { online } }),
  }))
}

/** The store type, for code that receives it (router context, session client). */
export type AppStore = ReturnType<typeof createAppStore>

/** True when a JWT is present: the spec's definition of signed in. */
export const selectIsSignedIn = (state: AppState): boolean => state.auth.jwt !== null

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
