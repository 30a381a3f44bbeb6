/** Sign-in's SDK calls have a deadline: one that never answers fails instead of waiting for good. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { timing } from '../../config/timing.ts'
import { SignInDeadlineError, withDeadline } from '../../shared/provider-client.ts'
import type * as ProviderClientModule from '../../shared/provider-client.ts'
import { stytchSignIn } from './sign-in-provider.ts'

/** The SDK calls sign-in makes; each test says what they answer (by default: nothing, ever). */
const sdk = vi.hoisted(() => {
  const never = () => new Promise<never>(() => {})
  return {
    otpSend: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    otpAuthenticate: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    linkSend: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    linkAuthenticate: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    smsSend: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    googleStart: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
    oauthAuthenticate: vi.fn<(...args: unknown[]) => Promise<unknown>>(never),
  }
})
// The real deadline, over a fake SDK client.
vi.mock('../../shared/provider-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ProviderClientModule>()),
  loadProviderClient: () =>
    Promise.resolve({
      otps: {
        email: { loginOrCreate: sdk.otpSend },
        sms: { loginOrCreate: sdk.smsSend },
        authenticate: sdk.otpAuthenticate,
      },
      magicLinks: { email: { loginOrCreate: sdk.linkSend }, authenticate: sdk.linkAuthenticate },
      oauth: { google: { start: sdk.googleStart }, authenticate: sdk.oauthAuthenticate },
    }),
}))

/** How `promise` has settled so far, read without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false }
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

const never = () => new Promise<never>(() => {})

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('withDeadline', () => {
  it('settles with the work when it answers in time, and clears its timer', async () => {
    const outcome = watch(withDeadline(Promise.resolve('answer'), 1_000))
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome).toEqual({ settled: true, value: 'answer' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('passes the work’s own failure on, and clears its timer', async () => {
    const failure = new Error('refused')
    const outcome = watch(withDeadline(Promise.reject(failure), 1_000))
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome).toEqual({ settled: true, error: failure })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('fails with SignInDeadlineError once the deadline has passed, not before', async () => {
    const outcome = watch(withDeadline(never(), 1_000))
    await vi.advanceTimersByTimeAsync(999)
    expect(outcome.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome.error).toBeInstanceOf(SignInDeadlineError)
    expect(outcome.error).toHaveProperty('name', 'SignInDeadlineError')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('waits the build’s sign-in deadline by default', async () => {
    const outcome = watch(withDeadline(never()))
    await vi.advanceTimersByTimeAsync(timing.signInTimeoutMs - 1)
    expect(outcome.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome.error).toBeInstanceOf(SignInDeadlineError)
  })
})

describe('stytchSignIn: every SDK call has the deadline', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['sendCode', () => stytchSignIn.sendCode('holder@example.com')],
    ['verifyCode', () => stytchSignIn.verifyCode('123456', 'email-test-1')],
    ['sendLink', () => stytchSignIn.sendLink('holder@example.com', 'https://cards.example/l')],
    ['authenticateLink', () => stytchSignIn.authenticateLink('token')],
    ['sendSmsCode', () => stytchSignIn.sendSmsCode('+14155550101')],
    ['startOAuth', () => stytchSignIn.startOAuth('google', 'https://cards.example/auth/email')],
    ['authenticateOAuth', () => stytchSignIn.authenticateOAuth('token')],
  ])('%s fails with SignInDeadlineError when the SDK never answers', async (_name, call) => {
    const outcome = watch(call())
    await vi.advanceTimersByTimeAsync(timing.signInTimeoutMs - 1)
    expect(outcome.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome.error).toBeInstanceOf(SignInDeadlineError)
  })

  it('answers with the SDK’s answer when it comes in time', async () => {
    sdk.otpSend.mockResolvedValueOnce({ method_id: 'email-test-1' })
    const outcome = watch(stytchSignIn.sendCode('holder@example.com'))
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome).toEqual({ settled: true, value: { methodId: 'email-test-1' } })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('texts the code with the same expiry as an emailed one, and starts OAuth with one redirect URL', async () => {
    sdk.smsSend.mockResolvedValueOnce({ method_id: 'phone-number-test-1' })
    const sent = watch(stytchSignIn.sendSmsCode('+14155550101'))
    sdk.googleStart.mockResolvedValueOnce(undefined)
    const started = watch(stytchSignIn.startOAuth('google', 'https://cards.example/auth/email'))
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual({ settled: true, value: { methodId: 'phone-number-test-1' } })
    expect(sdk.smsSend).toHaveBeenCalledWith('+14155550101', { expiration_minutes: 10 })
    expect(started).toEqual({ settled: true, value: undefined })
    expect(sdk.googleStart).toHaveBeenCalledWith({
      login_redirect_url: 'https://cards.example/auth/email',
      signup_redirect_url: 'https://cards.example/auth/email',
    })
  })
})
