/**
 * The signed-in home's code, loaded on its own: the index route renders it, and the app's start
 * loads it beside the start-up chunk when this browser is marked signed in, so a holder's list
 * never waits for it and an anonymous visit never loads it.
 */
import { retryableLazy } from '../shared/retryable-lazy.tsx'

/** The list and the passkey offer, lazily. */
export const SignedInHome = retryableLazy(() =>
  import('./-signed-in-home.tsx').then((module) => module.SignedInHome),
)
