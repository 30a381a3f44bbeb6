/** After the provider accepts a sign-in: hand-off, the SDK's copy gone, marker, way back forgotten. */
import { describe, expect, it, vi } from 'vitest'
import { SIGNIN_EVENT_KEY } from '../../core/constants.ts'
import { keepReturnTarget, RETURN_TARGET_KEY } from './return-target.ts'
import { completeSignIn } from './complete-sign-in.ts'
import { SIGN_IN_SESSION } from './sign-in-provider.test-support.ts'

const clearProviderLocalCopy = vi.hoisted(() => vi.fn())
vi.mock('../../shared/provider-client.ts', () => ({ clearProviderLocalCopy }))

describe('completeSignIn', () => {
  it('hands off, clears the SDK copy, writes the marker, forgets the way back, then leaves', async () => {
    keepReturnTarget('/account', 'holder@example.com', Date.now() + 60_000)
    const handoff = vi.fn(() => Promise.resolve())
    const leave = vi.fn()
    await completeSignIn({ handoff }, leave)(SIGN_IN_SESSION, '/tap?uid=04A1')
    expect(handoff).toHaveBeenCalledWith(SIGN_IN_SESSION)
    expect(clearProviderLocalCopy).toHaveBeenCalledOnce()
    expect(localStorage.getItem(SIGNIN_EVENT_KEY)).not.toBeNull()
    expect(localStorage.getItem(RETURN_TARGET_KEY)).toBeNull()
    expect(leave).toHaveBeenCalledWith('/tap?uid=04A1')
  })

  it('clears the SDK copy and stays when the hand-off fails', async () => {
    clearProviderLocalCopy.mockClear()
    const leave = vi.fn()
    const handoff = () => Promise.reject(new Error('no host'))
    await expect(completeSignIn({ handoff }, leave)(SIGN_IN_SESSION, '/')).rejects.toThrow(
      'no host',
    )
    expect(clearProviderLocalCopy).toHaveBeenCalledOnce()
    expect(leave).not.toHaveBeenCalled()
  })
})
