/** A passkey ceremony the browser ended, in words for the holder. */
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import {
  NO_PASSKEY_SUPPORT_MESSAGE,
  passkeyCeremonyMessage,
  type PasskeyCeremony,
} from './passkey-errors.ts'

/** passkeyCeremonyMessage as a screen shows it, in English (the tests' language). */
function passkeyCeremonyText(error: unknown, ceremony: PasskeyCeremony) {
  const message = passkeyCeremonyMessage(error, ceremony)
  return message ? i18n._(message) : message
}

const refused = (name: string) => new DOMException('browser text', name)

describe('passkeyCeremonyMessage', () => {
  it('words each refusal for the ceremony it ended, never with the browser’s text', () => {
    expect(passkeyCeremonyText(refused('NotAllowedError'), 'create')).toBe(
      'Adding a passkey was cancelled or timed out. Try again when you’re ready.',
    )
    expect(passkeyCeremonyText(refused('InvalidStateError'), 'create')).toBe(
      'This device already has a passkey for your account.',
    )
    expect(passkeyCeremonyText(refused('InvalidStateError'), 'get')).toBe(
      'This passkey can’t be used here. Sign in with a code.',
    )
    expect(passkeyCeremonyMessage(refused('NotSupportedError'), 'get')).toBe(
      NO_PASSKEY_SUPPORT_MESSAGE,
    )
  })

  it('says nothing for a ceremony the app called off, and leaves other errors alone', () => {
    expect(passkeyCeremonyMessage(refused('AbortError'), 'get')).toBeNull()
    expect(passkeyCeremonyMessage(new TypeError('bug'), 'create')).toBeUndefined()
    expect(passkeyCeremonyMessage('boom', 'create')).toBeUndefined()
  })
})
