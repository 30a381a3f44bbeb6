/** Test helper: a fake SignInProvider whose every call fails unless the test gives it one. */
import type { SignInProvider } from './sign-in-provider.ts'

const unused = () => Promise.reject(new Error('not used here'))

/** A provider with `calls` (e.g. `{ sendSmsCode: vi.fn(…) }`); any other call rejects. */
export function fakeSignInProvider(calls: Partial<SignInProvider> = {}): SignInProvider {
  return {
    sendCode: unused,
    verifyCode: unused,
    sendLink: unused,
    authenticateLink: unused,
    sendSmsCode: unused,
    startOAuth: unused,
    authenticateOAuth: unused,
    ...calls,
  }
}
