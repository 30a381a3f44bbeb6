/** Test helper: a fake SignInProvider whose every call succeeds unless the test says otherwise. */
import { vi } from 'vitest'
import type { AuthenticateData } from '../../core/provider-session.ts'
import type { SignInProvider } from './sign-in-provider.ts'

/** The session the fake provider's sign-ins bring: holder@example.com's. */
export const SIGN_IN_SESSION: AuthenticateData = {
  session_token: 'secret-session-token',
  session_jwt: 'eyJ.a.b',
  session: { expires_at: '2030-01-01T00:00:00Z' },
  user: { user_id: 'user-test-1', emails: [{ email: 'holder@example.com' }] },
}

/**
 * A provider whose calls are `vi.fn`s that succeed (codes and links sent, every token exchanged
 * for SIGN_IN_SESSION); `calls` (e.g. `{ sendSmsCode: vi.fn(…) }`) replaces any of them.
 */
export function fakeSignInProvider(calls: Partial<SignInProvider> = {}): SignInProvider {
  return {
    sendCode: vi.fn(() => Promise.resolve({ methodId: 'email-test-1' })),
    verifyCode: vi.fn(() => Promise.resolve(SIGN_IN_SESSION)),
    sendLink: vi.fn(() => Promise.resolve()),
    authenticateLink: vi.fn(() => Promise.resolve(SIGN_IN_SESSION)),
    sendSmsCode: vi.fn(() => Promise.resolve({ methodId: 'phone-number-test-1' })),
    startOAuth: vi.fn(() => Promise.resolve()),
    authenticateOAuth: vi.fn(() => Promise.resolve(SIGN_IN_SESSION)),
    warm: vi.fn(),
    ...calls,
  }
}
