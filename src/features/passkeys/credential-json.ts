/**
 * The passkey ceremony's JSON: the provider sends creation options as JSON with base64
 * buffers, and takes the new credential back as JSON in the shape its SDK sends (the SDK uses
 * `@github/webauthn-json`: `id`, `rawId`, `type`, `response.{clientDataJSON, attestationObject,
 * transports}`, `authenticatorAttachment`, `clientExtensionResults`). Written out here because
 * the page, not the SDK, runs this ceremony: the SDK would need the session token.
 */

/**
 * Bytes from base64url or standard base64, padded or not; throws on anything else. The provider
 * sends standard base64 unless asked for base64url, and its SDK's helper reads both, as this does.
 */
export function fromBase64Url(text: string): ArrayBuffer {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new TypeError('Not base64')
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes.buffer
}

/** Unpadded base64url of bytes, as webauthn-json writes them. */
export function toBase64Url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

interface JsonDescriptor {
  id: string
  type: string
  transports?: string[]
}

interface JsonCreationOptions {
  challenge: string
  user: { id: string; name: string; displayName: string }
  excludeCredentials?: JsonDescriptor[]
  [key: string]: unknown
}

function isJsonCreationOptions(value: unknown): value is JsonCreationOptions {
  if (typeof value !== 'object' || value === null) return false
  const options = value as Partial<JsonCreationOptions>
  return (
    typeof options.challenge === 'string' &&
    typeof options.user === 'object' &&
    options.user !== null &&
    typeof options.user.id === 'string' &&
    (options.excludeCredentials === undefined || Array.isArray(options.excludeCredentials))
  )
}

/** The browser's creation options from the provider's JSON text; throws when it is not that. */
export function parseCreationOptions(json: string): PublicKeyCredentialCreationOptions {
  const parsed: unknown = JSON.parse(json)
  if (!isJsonCreationOptions(parsed)) throw new TypeError('Not passkey creation options')
  return {
    ...(parsed as unknown as PublicKeyCredentialCreationOptions),
    challenge: fromBase64Url(parsed.challenge),
    user: { ...parsed.user, id: fromBase64Url(parsed.user.id) },
    excludeCredentials: (parsed.excludeCredentials ?? []).map((descriptor) => ({
      ...descriptor,
      type: 'public-key',
      id: fromBase64Url(descriptor.id),
      transports: descriptor.transports as AuthenticatorTransport[] | undefined,
    })),
  } as PublicKeyCredentialCreationOptions
}

/** A new credential as the JSON text the provider's register call takes. */
export function credentialJson(credential: PublicKeyCredential): string {
  const response = credential.response as AuthenticatorAttestationResponse
  const transports =
    typeof response.getTransports === 'function' ? response.getTransports() : ([] as string[])
  return JSON.stringify({
    type: credential.type,
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      attestationObject: toBase64Url(response.attestationObject),
      transports,
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  })
}
