import { describe, expect, it } from 'vitest'
import { createAppStore, selectIsSignedIn, whenAuthKnown } from './app-store.ts'

describe('app store', () => {
  it('starts unknown and signed out', () => {
    const store = createAppStore()
    expect(store.getState().auth.status).toBe('unknown')
    expect(selectIsSignedIn(store.getState())).toBe(false)
  })

  it('is signed in exactly when a JWT is present', () => {
    const store = createAppStore()
    store.getState().signedIn({ jwt: 'eyJ.a.b', email: 'a@example.com', expiresAt: 1 })
    expect(selectIsSignedIn(store.getState())).toBe(true)
    expect(store.getState().auth.status).toBe('signed-in')
    store.getState().signedIn({ jwt: '', email: 'a@example.com', expiresAt: 1 })
    expect(selectIsSignedIn(store.getState())).toBe(false)
    expect(store.getState().auth.status).toBe('anonymous')
  })

  it('clears the JWT and email on sign-out', () => {
    const store = createAppStore()
    store.getState().signedIn({ jwt: 'eyJ.a.b', email: 'a@example.com', expiresAt: 1 })
    store.getState().signedOut()
    expect(store.getState().auth).toEqual({
      status: 'anonymous',
      jwt: null,
      email: null,
      expiresAt: null,
    })
  })

  it('resolves whenAuthKnown once the status is known', async () => {
    const store = createAppStore()
    let known: string | undefined
    const pending = whenAuthKnown(store).then((status) => (known = status))
    await Promise.resolve()
    expect(known).toBeUndefined()
    store.getState().signedOut()
    await pending
    expect(known).toBe('anonymous')
  })
})
