/**
 * The sign-in page's steps and how the holder moves between them: a pure reducer, so every way
 * from one step to another is named in one place (the page renders the step it is on).
 */
import type { LandingType, LinkLanding } from './sign-in-landing.ts'
import { UNUSABLE_LINK_TEXT, type SignInMessage } from './sign-in-errors.ts'

export type Step =
  /** `notice`: why a sign-in link that brought the holder here did not sign them in. */
  | { kind: 'email'; notice?: SignInMessage }
  | { kind: 'code'; email: string; methodId: string }
  | { kind: 'link-sent'; email: string }
  | { kind: 'phone' }
  /** `phoneNumber` in E.164 for the provider; `shown` in international format for the holder. */
  | { kind: 'sms-code'; phoneNumber: string; shown: string; methodId: string }
  /** Back from a magic link or from Google or Apple, with a token to exchange. */
  | { kind: 'link'; token: string; type: LandingType }

export interface SignInState {
  step: Step
  /** What was typed in the email field, kept across a visit to the phone step. */
  email: string
  /**
   * Set once the holder has moved between steps by choice: each step's field then takes the
   * focus (never on arrival, where it would open the keyboard over the page).
   */
  moved: boolean
}

export type SignInEvent =
  | { type: 'email-typed'; email: string }
  | { type: 'code-sent'; email: string; methodId: string }
  | { type: 'link-sent'; email: string }
  | { type: 'sms-code-sent'; phoneNumber: string; shown: string; methodId: string }
  /** A resent code: the code step it was sent from, with its new method. */
  | { type: 'code-resent'; methodId: string }
  /** "Text me a code instead", or "Use a different number". */
  | { type: 'phone-chosen' }
  /** Back to the email step from the phone step, keeping what was typed. */
  | { type: 'email-chosen' }
  /** "Use a different email": back to an empty email step. */
  | { type: 'other-email' }
  /** A landing's token did not sign the holder in. */
  | { type: 'link-failed'; notice: SignInMessage }

/** Where a visit starts: exchanging a landing's token, or the email step (saying why a link failed). */
export function initialSignInState(landing: LinkLanding | null): SignInState {
  const step: Step =
    landing?.kind === 'token'
      ? { kind: 'link', token: landing.token, type: landing.type }
      : landing?.kind === 'unusable'
        ? { kind: 'email', notice: UNUSABLE_LINK_TEXT[landing.reason] }
        : { kind: 'email' }
  return { step, email: '', moved: false }
}

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'email-typed':
      return { ...state, email: event.email }
    case 'code-sent':
      return { ...state, step: { kind: 'code', email: event.email, methodId: event.methodId } }
    case 'link-sent':
      return { ...state, step: { kind: 'link-sent', email: event.email } }
    case 'sms-code-sent': {
      const { phoneNumber, shown, methodId } = event
      return { ...state, step: { kind: 'sms-code', phoneNumber, shown, methodId } }
    }
    case 'code-resent':
      if (state.step.kind !== 'code' && state.step.kind !== 'sms-code') return state
      return { ...state, step: { ...state.step, methodId: event.methodId } }
    case 'phone-chosen':
      return { ...state, step: { kind: 'phone' }, moved: true }
    case 'email-chosen':
      return { ...state, step: { kind: 'email' }, moved: true }
    case 'other-email':
      return { step: { kind: 'email' }, email: '', moved: true }
    case 'link-failed':
      return { ...state, step: { kind: 'email', notice: event.notice } }
  }
}
