/** Unit tests for reading the stack's options from the environment. */
import { describe, expect, it } from 'vitest'
import { optionsFromEnv } from './stack-options.ts'

describe('optionsFromEnv', () => {
  it('reads every variable', () => {
    expect(
      optionsFromEnv({
        PROVIDER_PORT: '1',
        CARDS_PORT: '2',
        SINK_PORT: '0',
        STACK_HOST: '0.0.0.0',
        STACK_DATA_DIR: '/tmp/x',
        STYTCH_PUBLIC_TOKEN: 'public-token-test-x',
        STYTCH_PROJECT_ID: 'project-test-x',
        STACK_SIWE: '1',
        APP_URL: 'http://localhost:4173/',
        STACK_ALLOWED_ORIGINS: 'http://a.test, http://b.test',
      }),
    ).toEqual({
      providerPort: 1,
      cardsPort: 2,
      sinkPort: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      publicToken: 'public-token-test-x',
      projectId: 'project-test-x',
      siwe: true,
      appUrl: 'http://localhost:4173',
      allowedOrigins: ['http://a.test', 'http://b.test'],
    })
  })

  it('leaves unset variables to the defaults and refuses bad ports', () => {
    expect(optionsFromEnv({})).toEqual({})
    expect(() => optionsFromEnv({ CARDS_PORT: 'eighty' })).toThrow(/CARDS_PORT/)
    expect(() => optionsFromEnv({ SINK_PORT: '70000' })).toThrow(RangeError)
  })
})
