/** The engine's configuration: the build's addresses and timing, and the host's own location. */
import { describe, expect, it } from 'vitest'
import { TEST_TIMING } from '../core/timing.ts'
import { parseConfig } from './defaults.ts'
import { engineConfig } from './engine-config.ts'
import { STYTCH_SDK_VERSION } from './sdk-version.ts'

describe('engineConfig', () => {
  it('takes the calls’ addresses from the configuration and the origin from the host', () => {
    const config = parseConfig({
      VITE_STYTCH_API_URL: 'https://api.provider.example',
      VITE_STYTCH_PUBLIC_TOKEN: 'public-token-test-1',
      VITE_CARDS_API_URL: 'https://cards.example',
    })
    const host = {
      location: { origin: 'https://app.example:8443', hostname: 'app.example' },
      userAgent: 'Mozilla/5.0 (Test)',
    }
    expect(engineConfig(config, TEST_TIMING, host)).toEqual({
      providerUrl: 'https://api.provider.example',
      publicToken: 'public-token-test-1',
      cardsUrl: 'https://cards.example',
      appOrigin: 'https://app.example:8443',
      appHostname: 'app.example',
      userAgent: 'Mozilla/5.0 (Test)',
      sdkVersion: STYTCH_SDK_VERSION,
      imageOrigins: config.imageOrigins,
      timing: TEST_TIMING,
    })
  })
})
