import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AccountCall, AccountResult, Passkey } from '../../core/account-messages.ts'
import { REAUTH_MESSAGE } from './account-failure.ts'
import { PasskeysPanel } from './passkeys-panel.tsx'

const phone: Passkey = { id: 'webauthn-registration-1', name: 'Phone', domain: 'cards.example' }
const laptop: Passkey = { id: 'webauthn-registration-2', name: '', domain: 'cards.example' }

/** A worker that keeps a list and answers each call as the engine would (or as `answers` say). */
function fakeAccount(start: Passkey[], answers: Partial<Record<AccountCall['op'], AccountResult>>) {
  let passkeys = [...start]
  const calls: AccountCall[] = []
  const account = vi.fn(async (call: AccountCall): Promise<AccountResult> => {
    calls.push(call)
    const scripted = answers[call.op]
    if (scripted) return scripted
    switch (call.op) {
      case 'passkey-options':
        return { ok: true, creationOptions: '{"challenge":"Y2g"}' }
      case 'passkey-register':
        passkeys = [...passkeys, { id: 'webauthn-registration-9', name: '', domain: 'x' }]
        break
      case 'passkey-rename':
        passkeys = passkeys.map((p) => (p.id === call.id ? { ...p, name: call.name } : p))
        break
      case 'passkey-remove':
        passkeys = passkeys.filter((p) => p.id !== call.id)
        break
      case 'passkeys':
        break
    }
    return { ok: true, passkeys }
  })
  return { account, calls }
}

function renderPanel(
  start: Passkey[] = [phone, laptop],
  answers: Partial<Record<AccountCall['op'], AccountResult>> = {},
  create = vi.fn(async () => '{"id":"new"}'),
  supported = true,
) {
  const fake = fakeAccount(start, answers)
  const onSignInAgain = vi.fn()
  render(
    <PasskeysPanel
      account={fake.account}
      onSignInAgain={onSignInAgain}
      create={create}
      supported={supported}
    />,
  )
  return { ...fake, create, onSignInAgain }
}

describe('PasskeysPanel', () => {
  it('says it is loading, then lists the passkeys by name (unnamed ones too)', async () => {
    renderPanel()
    expect(screen.getByRole('status')).toHaveTextContent('Loading your passkeys…')
    const list = await screen.findByRole('list', { name: 'Your passkeys' })
    expect(list).toHaveTextContent('Phone')
    expect(list).toHaveTextContent('Unnamed passkey')
  })

  it('says when there are none', async () => {
    renderPanel([])
    expect(await screen.findByTestId('passkeys-empty')).toHaveTextContent('No passkeys yet.')
  })

  it('says why the list could not load, and tries again on request', async () => {
    const { account } = renderPanel([phone], {
      passkeys: { ok: false, failure: { kind: 'unreachable' } },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Can’t reach the sign-in service')
    expect(screen.queryByText(/HTTP|\d{3}/)).toBeNull()
    account.mockImplementationOnce(async () => ({ ok: true, passkeys: [phone] }))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Phone')
  })

  it('adds a passkey: options from the worker, the browser ceremony, then the credential to the worker', async () => {
    const { calls, create } = renderPanel([phone])
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey added.')
    expect(create).toHaveBeenCalledWith('{"challenge":"Y2g"}')
    expect(calls.map((call) => call.op)).toEqual([
      'passkeys',
      'passkey-options',
      'passkey-register',
    ])
    expect(calls[2]).toEqual({ op: 'passkey-register', credential: '{"id":"new"}' })
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('says a cancelled ceremony was cancelled, and registers nothing', async () => {
    const create = vi.fn(async () => {
      throw new DOMException(
        'The operation either timed out or was not allowed.',
        'NotAllowedError',
      )
    })
    const { calls } = renderPanel([phone], {}, create)
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Adding a passkey was cancelled')
    expect(calls.map((call) => call.op)).not.toContain('passkey-register')
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled()
  })

  it('says a device that already has one for the account does', async () => {
    const create = vi.fn(async () => {
      throw new DOMException('excluded', 'InvalidStateError')
    })
    renderPanel([phone], {}, create)
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device already has a passkey for your account.',
    )
  })

  it('explains a holder without a verified address that passkeys need one', async () => {
    renderPanel([], {
      'passkey-options': {
        ok: false,
        failure: { kind: 'refused', errorType: 'cannot_use_webauthn_with_pending_user' },
      },
    })
    await screen.findByTestId('passkeys-empty')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Passkeys need a verified email address or phone number.',
    )
  })

  it('renames in place, refusing an empty name, and Cancel leaves it as it was', async () => {
    const { calls } = renderPanel()
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Rename Phone' }))
    const field = screen.getByLabelText('Name for this passkey')
    expect(field).toHaveFocus()
    fireEvent.change(field, { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Give it a name of 1 to 64 characters.')
    expect(calls.map((call) => call.op)).not.toContain('passkey-rename')
    fireEvent.change(field, { target: { value: '  Work phone ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey renamed.')
    expect(calls.at(-1)).toEqual({ op: 'passkey-rename', id: phone.id, name: 'Work phone' })
    expect(screen.getByRole('list')).toHaveTextContent('Work phone')
    // The form is gone: the focus is back on the row's Rename, not lost to the page. It moves in
    // an effect after the render that shows the status, so the status may be found first.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename Work phone' })).toHaveFocus(),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Rename Work phone' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByLabelText('Name for this passkey')).toBeNull()
    expect(screen.getByRole('button', { name: 'Rename Work phone' })).toHaveFocus()
  })

  it('removes one, saying which', async () => {
    const { calls } = renderPanel()
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Removed “Phone”.')
    expect(calls.at(-1)).toEqual({ op: 'passkey-remove', id: phone.id })
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    // Its row (and the focused Remove) is gone: the focus moves on to Add a passkey.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveFocus())
  })

  it('offers no add button where the browser cannot make passkeys, and still lists them', async () => {
    renderPanel([phone], {}, undefined, false)
    await screen.findByRole('list')
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
    expect(screen.getByText('This browser can’t make passkeys.')).toBeInTheDocument()
  })
})

describe('PasskeysPanel when a change needs a recent sign-in', () => {
  const reauth: AccountResult = { ok: false, failure: { kind: 'reauth-needed' } }

  it('asks the holder to sign in again when removing is refused, and takes them there', async () => {
    const { onSignInAgain } = renderPanel([phone], { 'passkey-remove': reauth })
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'For your safety, sign in again to change passkeys.',
    )
    expect(screen.getByRole('list')).toHaveTextContent('Phone')
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }))
    expect(onSignInAgain).toHaveBeenCalledOnce()
  })

  it('asks the same before adding, without starting the browser’s ceremony', async () => {
    const { create } = renderPanel([phone], { 'passkey-options': reauth })
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('sign in again to change passkeys')
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
  })

  it('asks the same when the worker refuses the new passkey after the ceremony', async () => {
    renderPanel([phone], { 'passkey-register': reauth })
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument()
  })

  it('says it again in the language the holder switches to', async () => {
    renderPanel([phone], { 'passkey-remove': reauth })
    await screen.findByRole('list')
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('For your safety')
    const messages = { [REAUTH_MESSAGE.id]: 'Por tu seguridad, vuelve a iniciar sesión.' }
    act(() => i18n.loadAndActivate({ locale: 'es', messages }))
    expect(screen.getByRole('alert')).toHaveTextContent('Por tu seguridad')
  })
})
