/** React binding of the app store: the one store instance and a selector hook over it. */
import { useStore } from 'zustand'
import { createAppStore, type AppState } from './app-store.ts'

/** The app's single store instance. */
export const appStore = createAppStore()

/** Reads a slice of the app store and re-renders when it changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector)
}
