/** base64Encode matches the platform's encoder on ASCII, multi-byte text and every padding length. */
import { describe, expect, it } from 'vitest'
import { base64Encode } from './base64.ts'

describe('base64Encode', () => {
  it.each([
    '',
    'f',
    'fo',
    'foo',
    'foob',
    'public-token-test-123:mZAYn5aLEqKUlZ_Ad9U_fWr38GaAQ1oFAhT8ds245v7Q',
    'héllo wörld €',
    '𝄞 emoji 🎴',
  ])('encodes %j like btoa over TextEncoder does', (text) => {
    const binary = String.fromCharCode(...new TextEncoder().encode(text))
    expect(base64Encode(text)).toBe(btoa(binary))
  })
})
