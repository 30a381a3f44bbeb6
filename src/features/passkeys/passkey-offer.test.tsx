import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountCall, AccountResult, Passkey } from '../../core/account-messages.ts'
import { PASSKEY_OFFERED_KEY } from './offer-flag.ts'
import { PasskeyOffer } from './passkey-offer.tsx'
import { PasskeyOfferGate } from './passkey-offer-gate.tsx'

const existing: Passkey = { id: 'webauthn-registration-1', name: 'Phone', domain: 'x' }

function renderOffer({
  passkeys = [] as Passkey[],
  platform = true,
  create = vi.fn(async () => '{"id":"new"}'),
} = {}) {
  const account = vi.fn(async (call: AccountCall): Promise<AccountResult> => {
    if (call.op === 'passkey-options') return { ok: true, creationOptions: '{"challenge":"x"}' }
    if (call.op === 'passkey-register') return { ok: true, passkeys: [existing] }
    return { ok: true, passkeys }
  })
  const hasPlatformAuthenticator = vi.fn(async () => platform)
  render(
    <PasskeyOffer
      account={account}
      hasPlatformAuthenticator={hasPlatformAuthenticator}
      create={create}
    />,
  )
  return { account, hasPlatformAuthenticator, create }
}

/**
 * A secure page with WebAuthn whose screen-lock check answers `screenLock`; returns that check.
 * Undone after each test.
 */
function stubPlatform(screenLock: boolean) {
  const available = vi.fn(async () => screenLock)
  vi.stubGlobal('isSecureContext', true)
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isUserVerifyingPlatformAuthenticatorAvailable: available,
    }),
  )
  Object.defineProperty(navigator, 'credentials', {
    value: { create: async () => null },
    configurable: true,
  })
  return available
}

/**
 * Runs a minute of the page's life on fake timers: whatever the component would do later (a
 * timer, a promise it waits on) has happened, so a "nothing happened" check after it can fail.
 */
const aMinuteLater = () => act(() => vi.advanceTimersByTimeAsync(60_000))

beforeEach(() => {
  localStorage.clear()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'credentials')
})

describe('PasskeyOffer', () => {
  it('offers a passkey once on a device with a screen lock, to a holder with none', async () => {
    renderOffer()
    expect(
      await screen.findByRole('heading', { name: 'Sign in faster next time' }),
    ).toBeInTheDocument()
    expect(localStorage.getItem(PASSKEY_OFFERED_KEY)).toBe('1')
  })

  it('is not offered again on the same device', async () => {
    localStorage.setItem(PASSKEY_OFFERED_KEY, '1')
    vi.useFakeTimers()
    const { hasPlatformAuthenticator, account } = renderOffer()
    // However long the page stays open.
    await aMinuteLater()
    expect(screen.queryByRole('heading')).toBeNull()
    expect(hasPlatformAuthenticator).not.toHaveBeenCalled()
    expect(account).not.toHaveBeenCalled()
  })

  it('is not offered to a holder who has a passkey, and not again on this device', async () => {
    vi.useFakeTimers()
    const { account } = renderOffer({ passkeys: [existing] })
    await aMinuteLater()
    expect(account).toHaveBeenCalledWith({ op: 'passkeys' })
    expect(localStorage.getItem(PASSKEY_OFFERED_KEY)).toBe('1')
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('is not offered on a device without a screen lock, nor marked offered', async () => {
    vi.useFakeTimers()
    const { hasPlatformAuthenticator, account } = renderOffer({ platform: false })
    await aMinuteLater()
    expect(hasPlatformAuthenticator).toHaveBeenCalled()
    expect(account).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading')).toBeNull()
    // Still to be offered on a later visit with one.
    expect(localStorage.getItem(PASSKEY_OFFERED_KEY)).toBeNull()
  })

  it('goes away on Not now', async () => {
    renderOffer()
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('adds one and says so', async () => {
    const { account } = renderOffer()
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Passkey added.')
    expect(account.mock.calls.map(([call]) => call.op)).toEqual([
      'passkeys',
      'passkey-options',
      'passkey-register',
    ])
  })

  it('says when the holder cancelled, and stays for another try', async () => {
    const create = vi.fn(async () => {
      throw new DOMException('no', 'NotAllowedError')
    })
    renderOffer({ create })
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Adding a passkey was cancelled')
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled()
  })
})

describe('PasskeyOfferGate', () => {
  it('loads nothing on a device that had its offer, and asks the worker nothing', async () => {
    localStorage.setItem(PASSKEY_OFFERED_KEY, '1')
    // A device that could take the offer: only the flag keeps the gate from going on.
    const available = stubPlatform(true)
    vi.useFakeTimers()
    const account = vi.fn(async (): Promise<AccountResult> => ({ ok: true, passkeys: [] }))
    render(<PasskeyOfferGate account={account} />)
    // Past the page's idle moment, and long after.
    await aMinuteLater()
    expect(available).not.toHaveBeenCalled()
    expect(account).not.toHaveBeenCalled()
  })

  it('loads nothing on a device without a screen-lock authenticator', async () => {
    const available = stubPlatform(false)
    vi.useFakeTimers()
    const account = vi.fn(async (): Promise<AccountResult> => ({ ok: true, passkeys: [] }))
    render(<PasskeyOfferGate account={account} />)
    await aMinuteLater()
    // The gate asked the device, and went no further: the offer, had it loaded, would ask again.
    expect(available).toHaveBeenCalledOnce()
    expect(account).not.toHaveBeenCalled()
    expect(screen.queryByRole('heading', { name: 'Sign in faster next time' })).toBeNull()
  })

  it('loads the offer elsewhere, which shows on a device with a screen lock', async () => {
    stubPlatform(true)
    const account = vi.fn(async (): Promise<AccountResult> => ({ ok: true, passkeys: [] }))
    render(<PasskeyOfferGate account={account} />)
    expect(
      await screen.findByRole('heading', { name: 'Sign in faster next time' }),
    ).toBeInTheDocument()
    expect(account).toHaveBeenCalledWith({ op: 'passkeys' })
  })
})
