/**
 * A software WebAuthn authenticator for jsdom, which has no `navigator.credentials`: ES256 keys from
 * node:crypto, attestation "none", a signature counter per credential, and knobs to forge what a
 * real browser never sends (another origin or RP id, no user presence, a stale clone).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { cose, isoCBOR } from '@simplewebauthn/server/helpers'

/** One credential the authenticator holds. */
interface HeldCredential {
  id: Uint8Array
  rpId: string
  privateKey: KeyObject
  userHandle: Uint8Array
  discoverable: boolean
  counter: number
}

/** What the next ceremonies do differently from an honest browser and authenticator. */
export interface Forgery {
  /** `clientDataJSON.origin` (default: the page's origin). */
  origin?: string
  /** The RP id whose hash goes into `authenticatorData` (default: the options' RP id). */
  rpId?: string
  /** The UP flag (default: true). */
  userPresent?: boolean
  /** Runs after the browser read the options and before it answers (e.g. to move the clock). */
  beforeAnswer?: () => void | Promise<void>
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

function sha256(data: Uint8Array | string): Uint8Array {
  return createHash('sha256').update(data).digest()
}

function bytes(source: BufferSource): Uint8Array {
  return ArrayBuffer.isView(source)
    ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
    : new Uint8Array(source)
}

/** A fresh ArrayBuffer with `data` (what the browser hands the page). */
function arrayBuffer(data: Uint8Array): ArrayBuffer {
  return data.slice().buffer
}

function base64url(data: Uint8Array): string {
  return Buffer.from(data).toString('base64url')
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value)
  return out
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts))
}

/** The COSE_Key (RFC 8152 §13.1.1) of an EC2 P-256 public key for ES256. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  const map = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, cose.COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, Buffer.from(jwk.x ?? '', 'base64url')],
    [cose.COSEKEYS.y, Buffer.from(jwk.y ?? '', 'base64url')],
  ])
  return isoCBOR.encode(map)
}

function refuse(name: string, message: string): DOMException {
  return new DOMException(message, name)
}

/** A platform authenticator and the browser around it, for one jsdom window at a time. */
export class SoftAuthenticator {
  private readonly held = new Map<string, HeldCredential>()
  /** Changes to the next ceremonies; set and clear it freely. */
  forgery: Forgery = {}

  /** Makes this authenticator the window's `navigator.credentials` (and says autofill works). */
  install(window: Window): void {
    Object.defineProperty(window.navigator, 'credentials', {
      configurable: true,
      value: {
        create: (options: CredentialCreationOptions) => this.create(window, options),
        get: (options: CredentialRequestOptions) => this.get(window, options),
      },
    })
    Object.defineProperty(window, 'PublicKeyCredential', {
      configurable: true,
      value: { isConditionalMediationAvailable: () => Promise.resolve(true) },
    })
  }

  /** Another authenticator holding copies of these keys, counters included (a clone). */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator()
    for (const [id, credential] of this.held) copy.held.set(id, { ...credential })
    return copy
  }

  /** How many credentials it holds. */
  get size(): number {
    return this.held.size
  }

  private clientData(window: Window, type: string, challenge: BufferSource): ArrayBuffer {
    const json = JSON.stringify({
      type,
      challenge: base64url(bytes(challenge)),
      origin: this.forgery.origin ?? window.location.origin,
      crossOrigin: false,
    })
    return arrayBuffer(new TextEncoder().encode(json))
  }

  private flags(extra = 0): number {
    return (this.forgery.userPresent === false ? 0 : FLAG_UP) | FLAG_UV | extra
  }

  private async create(window: Window, options: CredentialCreationOptions) {
    const request = options.publicKey
    if (!request) throw refuse('NotSupportedError', 'Only public-key credentials.')
    const rpId = request.rp.id ?? window.location.hostname
    const excluded = (request.excludeCredentials ?? []).some((descriptor) =>
      this.held.has(base64url(bytes(descriptor.id))),
    )
    if (excluded) throw refuse('InvalidStateError', 'This authenticator is already registered.')
    if (!request.pubKeyCredParams.some((param) => param.alg === cose.COSEALG.ES256)) {
      throw refuse('NotSupportedError', 'This authenticator signs only with ES256.')
    }
    await this.forgery.beforeAnswer?.()
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const selection = request.authenticatorSelection
    const credential: HeldCredential = {
      id: new Uint8Array(randomBytes(32)),
      rpId,
      privateKey,
      userHandle: bytes(request.user.id),
      discoverable: selection?.residentKey === 'required' || selection?.requireResidentKey === true,
      counter: 0,
    }
    this.held.set(base64url(credential.id), credential)
    const idLength = new Uint8Array(2)
    new DataView(idLength.buffer).setUint16(0, credential.id.length)
    const authenticatorData = concat(
      sha256(this.forgery.rpId ?? rpId),
      Uint8Array.of(this.flags(FLAG_AT)),
      uint32(credential.counter),
      new Uint8Array(16), // AAGUID: none, as with attestation "none"
      idLength,
      credential.id,
      coseKey(publicKey),
    )
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authenticatorData],
      ]),
    )
    return {
      type: 'public-key',
      id: base64url(credential.id),
      rawId: arrayBuffer(credential.id),
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: this.clientData(window, 'webauthn.create', request.challenge),
        attestationObject: arrayBuffer(attestationObject),
        getTransports: () => ['internal', 'hybrid'],
      },
      getClientExtensionResults: () => ({}),
    }
  }

  private async get(window: Window, options: CredentialRequestOptions) {
    const request = options.publicKey
    if (!request) throw refuse('NotSupportedError', 'Only public-key credentials.')
    const rpId = request.rpId ?? window.location.hostname
    const allowed = (request.allowCredentials ?? []).map((descriptor) =>
      base64url(bytes(descriptor.id)),
    )
    // Where several fit, the holder picks the newest (a browser would show a chooser).
    const credential = [...this.held.entries()].findLast(
      ([id, held]) =>
        held.rpId === rpId && (allowed.length > 0 ? allowed.includes(id) : held.discoverable),
    )?.[1]
    // A browser says only "not allowed" when no credential fits, as when the user cancels.
    if (!credential) throw refuse('NotAllowedError', 'No credential for this request.')
    await this.forgery.beforeAnswer?.()
    credential.counter += 1
    const authenticatorData = concat(
      sha256(this.forgery.rpId ?? rpId),
      Uint8Array.of(this.flags()),
      uint32(credential.counter),
    )
    const clientDataJSON = this.clientData(window, 'webauthn.get', request.challenge)
    const signature = sign(
      'sha256',
      concat(authenticatorData, sha256(new Uint8Array(clientDataJSON))),
      credential.privateKey,
    )
    return {
      type: 'public-key',
      id: base64url(credential.id),
      rawId: arrayBuffer(credential.id),
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON,
        authenticatorData: arrayBuffer(authenticatorData),
        signature: arrayBuffer(new Uint8Array(signature)),
        userHandle: credential.discoverable ? arrayBuffer(credential.userHandle) : null,
      },
      getClientExtensionResults: () => ({}),
    }
  }
}
