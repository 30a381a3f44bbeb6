/** The passkeys panel's reducer: each step of loading, an action, a rename and a removal. */
import type { MessageDescriptor } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { Passkey } from '../../core/account-messages.ts'
import {
  focusKey,
  initialPanelState,
  isBusy,
  panelReducer,
  type PanelEvent,
  type PanelState,
} from './passkeys-state.ts'

/** Words as the panel keeps them: a message, read in the active language as it renders. */
const words = (text: string): MessageDescriptor => ({ id: text, message: text })

const phone: Passkey = { id: 'webauthn-registration-1', name: 'Phone', domain: 'localhost' }

const after = (events: PanelEvent[], from: PanelState = initialPanelState) =>
  events.reduce(panelReducer, from)

describe('passkeys panel state', () => {
  it('loads, shows the list, and says why when it cannot', () => {
    expect(initialPanelState.list).toEqual({ status: 'loading' })
    expect(after([{ type: 'listed', passkeys: [phone] }]).list).toEqual({
      status: 'ready',
      passkeys: [phone],
    })
    const failed = after([{ type: 'list-failed', message: words('No network.') }])
    expect(failed.list).toEqual({ status: 'failed', message: words('No network.') })
    expect(after([{ type: 'loading' }], failed).list).toEqual({ status: 'loading' })
  })

  it('runs one action at a time: starting clears the last outcome, finishing says its own', () => {
    const told = after([{ type: 'told', outcome: { kind: 'error', text: words('Old.') } }])
    const running = after([{ type: 'started', busy: { op: 'add' } }], told)
    expect(running.busy).toEqual({ op: 'add' })
    expect(running.outcome).toBeNull()
    const done = after(
      [{ type: 'finished', outcome: { kind: 'done', text: words('Added.') } }],
      running,
    )
    expect(done).toMatchObject({ busy: null, outcome: { kind: 'done', text: words('Added.') } })
  })

  it('keeps what an action said while it ran when it ends with nothing of its own', () => {
    const state = after([
      { type: 'started', busy: { op: 'remove', id: phone.id } },
      { type: 'told', outcome: { kind: 'reauth', text: words('Sign in again.') } },
      { type: 'finished', outcome: null },
    ])
    expect(state).toMatchObject({
      busy: null,
      outcome: { kind: 'reauth', text: words('Sign in again.') },
    })
  })

  it('opens a rename (clearing the outcome), and closing it sends the focus back to its Rename', () => {
    const open = after([
      { type: 'told', outcome: { kind: 'done', text: words('Removed.') } },
      { type: 'rename-opened', id: phone.id },
    ])
    expect(open).toMatchObject({ editing: phone.id, outcome: null })
    const closed = after([{ type: 'rename-closed', id: phone.id }], open)
    expect(closed).toMatchObject({ editing: null, refocus: { to: 'rename', id: phone.id } })
    expect(after([{ type: 'refocused' }], closed).refocus).toBeNull()
  })

  it('sends the focus to Add after a removal', () => {
    expect(after([{ type: 'removed' }]).refocus).toEqual({ to: 'add' })
  })

  it('names each focus target apart, and tells which action is running', () => {
    expect(focusKey({ to: 'add' })).not.toBe(focusKey({ to: 'rename', id: 'add' }))
    expect(focusKey({ to: 'rename', id: 'a' })).not.toBe(focusKey({ to: 'rename', id: 'b' }))
    const busy = { op: 'rename', id: phone.id } as const
    expect(isBusy(busy, 'rename', phone.id)).toBe(true)
    expect(isBusy(busy, 'rename', 'another')).toBe(false)
    expect(isBusy(busy, 'remove', phone.id)).toBe(false)
    expect(isBusy({ op: 'add' }, 'add')).toBe(true)
    expect(isBusy(null, 'add')).toBe(false)
  })
})
