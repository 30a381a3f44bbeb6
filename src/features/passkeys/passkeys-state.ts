/**
 * The passkeys panel's state and how it changes: a pure reducer, so each step (a list loaded, an
 * action begun or ended, a rename opened or closed) is named and testable on its own.
 */
import type { MessageDescriptor } from '@lingui/core'
import type { Passkey } from '../../core/account-messages.ts'

/**
 * The holder's passkeys: loading, shown, or why they could not be. Words are kept as messages,
 * read in the active language as the panel renders, so they follow a change of language.
 */
export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; passkeys: Passkey[] }
  | { status: 'failed'; message: MessageDescriptor }

/** The one action running (every control waits for it), or null. */
export type Busy = { op: 'add' } | { op: 'rename' | 'remove'; id: string } | null

/**
 * What the holder is told after an action: a confirmation, what went wrong, or that a change needs
 * a recent sign-in (with a way to sign in again).
 */
export type Outcome = { kind: 'done' | 'error' | 'reauth'; text: MessageDescriptor } | null

/**
 * Where the focus goes once an action has taken away the control that had it (a rename form
 * closed, a row removed): the row's Rename button, or Add. Kept until that control can take it.
 */
export type Refocus = { to: 'add' } | { to: 'rename'; id: string } | null

export interface PanelState {
  list: ListState
  busy: Busy
  /** The passkey whose rename form is open, by id. */
  editing: string | null
  outcome: Outcome
  refocus: Refocus
}

export type PanelEvent =
  | { type: 'loading' }
  | { type: 'listed'; passkeys: Passkey[] }
  | { type: 'list-failed'; message: MessageDescriptor }
  | { type: 'started'; busy: NonNullable<Busy> }
  | { type: 'finished'; outcome: Outcome }
  | { type: 'told'; outcome: NonNullable<Outcome> }
  | { type: 'rename-opened'; id: string }
  | { type: 'rename-closed'; id: string }
  | { type: 'removed' }
  | { type: 'refocused' }

export const initialPanelState: PanelState = {
  list: { status: 'loading' },
  busy: null,
  editing: null,
  outcome: null,
  refocus: null,
}

export function panelReducer(state: PanelState, event: PanelEvent): PanelState {
  switch (event.type) {
    case 'loading':
      return { ...state, list: { status: 'loading' } }
    case 'listed':
      return { ...state, list: { status: 'ready', passkeys: event.passkeys } }
    case 'list-failed':
      return { ...state, list: { status: 'failed', message: event.message } }
    case 'started':
      return { ...state, busy: event.busy, outcome: null }
    case 'finished':
      // An outcome said while the action ran (a failure, a needed sign-in) stays unless it ended
      // with one of its own.
      return { ...state, busy: null, outcome: event.outcome ?? state.outcome }
    case 'told':
      return { ...state, outcome: event.outcome }
    case 'rename-opened':
      return { ...state, editing: event.id, outcome: null }
    case 'rename-closed':
      return { ...state, editing: null, refocus: { to: 'rename', id: event.id } }
    case 'removed':
      return { ...state, refocus: { to: 'add' } }
    case 'refocused':
      return { ...state, refocus: null }
  }
}

/** The key of a focus target: the same for the control's ref and for `refocus`. */
export function focusKey(target: NonNullable<Refocus>): string {
  return target.to === 'add' ? 'add' : `rename:${target.id}`
}

/** Whether `busy` is the action `op` (on passkey `id`, for a rename or removal). */
export function isBusy(busy: Busy, op: 'add' | 'rename' | 'remove', id?: string): boolean {
  if (busy === null || busy.op !== op) return false
  return busy.op === 'add' || busy.id === id
}
