/** React binding of the app store: a provider for the one instance and a selector hook. */
import { createContext, useContext, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { AppState, AppStore } from './app-store.ts'

const AppStoreContext = createContext<AppStore | null>(null)

/** Makes `store` the one the components below read (tests pass a fresh one). */
export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <AppStoreContext.Provider value={store}>{children}</AppStoreContext.Provider>
}

/** Reads a slice of the app store and re-renders when it changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(AppStoreContext)
  if (!store) throw new Error('useAppStore needs an <AppStoreProvider> above it')
  return useStore(store, selector)
}
