import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  credentialJson,
  fromBase64Url,
  parseCreationOptions,
  toBase64Url,
} from './credential-json.ts'

const bytes = (buffer: ArrayBuffer | BufferSource) =>
  Array.from(new Uint8Array(buffer instanceof ArrayBuffer ? buffer : (buffer as Uint8Array)))

describe('base64url', () => {
  it('round-trips any bytes, unpadded and URL-safe', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        const text = toBase64Url(data)
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(bytes(fromBase64Url(text))).toEqual(Array.from(data))
      }),
    )
  })

  it('reads padded and standard base64 too (the provider’s default), and refuses anything else', () => {
    expect(bytes(fromBase64Url('_-8='))).toEqual([255, 239])
    expect(bytes(fromBase64Url('/+8='))).toEqual([255, 239])
    expect(bytes(fromBase64Url('/+8'))).toEqual([255, 239])
    expect(() => fromBase64Url('a b')).toThrow(TypeError)
    expect(() => fromBase64Url('a.b')).toThrow(TypeError)
  })
})

describe('parseCreationOptions', () => {
  const json = JSON.stringify({
    challenge: 'AAEC',
    rp: { id: 'cards.example', name: 'IYK Cards' },
    user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'ada@example.com' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    excludeCredentials: [{ type: 'public-key', id: 'AwQ', transports: ['internal'] }],
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })

  it('turns the provider’s base64url fields into bytes and keeps everything else', () => {
    const options = parseCreationOptions(json)
    expect(bytes(options.challenge)).toEqual([0, 1, 2])
    expect(bytes(options.user.id)).toEqual([...'user'].map((c) => c.charCodeAt(0)))
    expect(options.user.name).toBe('ada@example.com')
    expect(options.rp).toEqual({ id: 'cards.example', name: 'IYK Cards' })
    expect(bytes(options.excludeCredentials![0]!.id)).toEqual([3, 4])
    expect(options.excludeCredentials![0]!.transports).toEqual(['internal'])
    expect(options.authenticatorSelection?.residentKey).toBe('required')
  })

  it('refuses text that is not creation options', () => {
    expect(() => parseCreationOptions('{"challenge":1}')).toThrow()
    expect(() => parseCreationOptions('{"challenge":"AA"}')).toThrow()
    expect(() => parseCreationOptions('not json')).toThrow()
  })
})

describe('credentialJson', () => {
  it('writes the credential as the provider SDK sends it', () => {
    const buf = (...values: number[]) => new Uint8Array(values).buffer
    const credential = {
      type: 'public-key',
      id: 'AQI',
      rawId: buf(1, 2),
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: buf(123, 125),
        attestationObject: buf(160),
        getTransports: () => ['internal', 'hybrid'],
      },
      getClientExtensionResults: () => ({ credProps: { rk: true } }),
    } as unknown as PublicKeyCredential
    expect(JSON.parse(credentialJson(credential))).toEqual({
      type: 'public-key',
      id: 'AQI',
      rawId: 'AQI',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: 'e30',
        attestationObject: 'oA',
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: { credProps: { rk: true } },
    })
  })
})
