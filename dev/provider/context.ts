/** What every provider handler shares: configuration, records, signing key, clock and console. */
import type { Clock } from '../clock.ts'
import type { JsonFile } from '../store/json-file.ts'
import type { SigningKey } from './signing-key.ts'
import type { ProviderState } from './state.ts'

/** The emulator's configuration. */
export interface ProviderConfig {
  publicToken: string
  projectId: string
  /** Bootstrap asks for Sign-In With Ethereum messages on crypto-wallet sign-in. */
  siwe: boolean
  /** Where magic links land by default: `${appUrl}/auth/email`. */
  appUrl: string
}

/** Shared state of one emulator instance. */
export interface ProviderContext {
  config: ProviderConfig
  store: JsonFile<ProviderState>
  key: SigningKey
  clock: Clock
  /** Prints a line for people (silent when the stack is quiet). */
  log(line: string): void
}
