/** The browser's part of adding a passkey: the provider's options in, the new credential's JSON out. */
import { credentialJson, parseCreationOptions } from './credential-json.ts'

/**
 * Asks the browser for a new passkey from the provider's creation options (JSON text) and
 * returns it as the JSON text the provider's register call takes. Rejects with the browser's
 * `DOMException` when the holder cancels or the device refuses.
 */
export async function createPasskey(creationOptions: string): Promise<string> {
  const credential = await navigator.credentials.create({
    publicKey: parseCreationOptions(creationOptions),
  })
  if (!(credential instanceof PublicKeyCredential)) {
    throw new DOMException('No passkey was made', 'NotAllowedError')
  }
  return credentialJson(credential)
}
