/** The sign-in page's steps: where a visit starts, and every way between the steps. */
import { describe, expect, it } from 'vitest'
import { UNUSABLE_LINK_TEXT } from './sign-in-errors.ts'
import {
  initialSignInState,
  signInReducer,
  type SignInEvent,
  type SignInState,
} from './sign-in-steps.ts'

const after = (events: SignInEvent[], from: SignInState = initialSignInState(null)) =>
  events.reduce(signInReducer, from)

describe('sign-in steps', () => {
  it('starts on the email step, with nothing typed and no focus taken', () => {
    expect(initialSignInState(null)).toEqual({ step: { kind: 'email' }, email: '', moved: false })
  })

  it('starts by exchanging a landing’s token, or on the email step saying why a link was unusable', () => {
    expect(initialSignInState({ kind: 'token', type: 'oauth', token: 'tok' }).step).toEqual({
      kind: 'link',
      token: 'tok',
      type: 'oauth',
    })
    expect(initialSignInState({ kind: 'unusable', reason: 'malformed' }).step).toEqual({
      kind: 'email',
      notice: UNUSABLE_LINK_TEXT.malformed,
    })
  })

  it('goes from the email to its code, and to a sign-in link instead', () => {
    const code = after([
      { type: 'email-typed', email: ' holder@example.com ' },
      { type: 'code-sent', email: 'holder@example.com', methodId: 'email-1' },
    ])
    expect(code.step).toEqual({ kind: 'code', email: 'holder@example.com', methodId: 'email-1' })
    expect(after([{ type: 'code-resent', methodId: 'email-2' }], code).step).toMatchObject({
      methodId: 'email-2',
    })
    expect(after([{ type: 'link-sent', email: 'holder@example.com' }], code).step).toEqual({
      kind: 'link-sent',
      email: 'holder@example.com',
    })
  })

  it('keeps what was typed across a visit to the phone step, and moving takes the focus there', () => {
    const back = after([
      { type: 'email-typed', email: 'holder@example.com' },
      { type: 'phone-chosen' },
      { type: 'email-chosen' },
    ])
    expect(back).toEqual({ step: { kind: 'email' }, email: 'holder@example.com', moved: true })
  })

  it('goes from the phone to its texted code, and back to another number', () => {
    const sms = after([
      { type: 'phone-chosen' },
      {
        type: 'sms-code-sent',
        phoneNumber: '+34612345678',
        shown: '+34 612 34 56 78',
        methodId: 'p',
      },
    ])
    expect(sms.step).toEqual({
      kind: 'sms-code',
      phoneNumber: '+34612345678',
      shown: '+34 612 34 56 78',
      methodId: 'p',
    })
    expect(after([{ type: 'code-resent', methodId: 'q' }], sms).step).toMatchObject({
      kind: 'sms-code',
      methodId: 'q',
    })
    expect(after([{ type: 'phone-chosen' }], sms).step).toEqual({ kind: 'phone' })
  })

  it('starts over with an empty email from a code or a sent link', () => {
    const code = after([
      { type: 'email-typed', email: 'typo@example.con' },
      { type: 'code-sent', email: 'typo@example.con', methodId: 'email-1' },
    ])
    expect(after([{ type: 'other-email' }], code)).toEqual({
      step: { kind: 'email' },
      email: '',
      moved: true,
    })
  })

  it('says why a landing’s token did not sign in, on the email step', () => {
    const landing = initialSignInState({ kind: 'token', type: 'magic_links', token: 'tok' })
    expect(after([{ type: 'link-failed', notice: 'That link was used.' }], landing).step).toEqual({
      kind: 'email',
      notice: 'That link was used.',
    })
  })

  it('ignores a resent code outside the code steps', () => {
    const state = initialSignInState(null)
    expect(signInReducer(state, { type: 'code-resent', methodId: 'x' })).toBe(state)
  })
})
