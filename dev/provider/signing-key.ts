/** The emulator's RS256 key pair, kept in the data folder so JWTs stay valid across restarts; and its JWKS. */
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { join } from 'node:path'
import { JsonFile } from '../store/json-file.ts'
import { newId, requestId } from './ids.ts'

/** The key that signs session JWTs. */
export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

interface StoredKey {
  kid: string
  privateJwk: JWK
  publicJwk: JWK
}

/** The file name of the key pair inside the data folder. */
export const KEY_FILE = 'signing-key.json'

/** Loads the key pair from `dataDir`, generating and saving one on first use. */
export async function loadSigningKey(dataDir: string): Promise<SigningKey> {
  const file = new JsonFile<StoredKey | null>(join(dataDir, KEY_FILE), () => null)
  let stored = file.data
  if (!stored) {
    const pair = await generateKeyPair('RS256', { extractable: true })
    const generated: StoredKey = {
      kid: newId('jwk'),
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk: await exportJWK(pair.publicKey),
    }
    file.replace(generated)
    stored = generated
  }
  const privateKey = (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey
  return { kid: stored.kid, privateKey, publicJwk: stored.publicJwk }
}

/** The JWKS document, as served without auth at `GET /v1/sessions/jwks/{project_id}`. */
export function jwksBody(key: SigningKey): Record<string, unknown> {
  const { kty, n, e } = key.publicJwk
  return {
    keys: [{ kty, n, e, kid: key.kid, alg: 'RS256', use: 'sig', key_ops: ['verify'] }],
    request_id: requestId(),
    status_code: 200,
  }
}
