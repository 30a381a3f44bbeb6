/** Unit tests for reading the stack's options from the environment. */
import { describe, expect, it } from 'vitest'
import { appOrigins, optionsFromEnv, redirectUrls } from './stack-options.ts'

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
        STACK_REDIRECT_URLS: 'http://a.test/auth/email?x=1,http://b.test/in',
        STACK_STRICT_SDK: '0',
        STACK_EMAIL_SENDS_PER_SECOND: '0',
        STACK_EMAIL_SENDS_PER_HOUR: '3',
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
      redirectUrls: ['http://a.test/auth/email?x=1', 'http://b.test/in'],
      strictSdk: false,
      emailSendsPerSecond: 0,
      emailSendsPerHour: 3,
    })
    expect(optionsFromEnv({ STACK_STRICT_SDK: '1' })).toEqual({ strictSdk: true })
  })

  it('leaves unset variables to the defaults and refuses bad ports', () => {
    expect(optionsFromEnv({})).toEqual({})
    expect(() => optionsFromEnv({ CARDS_PORT: 'eighty' })).toThrow(/CARDS_PORT/)
    expect(() => optionsFromEnv({ SINK_PORT: '70000' })).toThrow(RangeError)
    expect(() => optionsFromEnv({ STACK_STRICT_SDK: 'yes' })).toThrow(/STACK_STRICT_SDK/)
    expect(() => optionsFromEnv({ STACK_EMAIL_SENDS_PER_HOUR: '-1' })).toThrow(RangeError)
  })

  it('derives the app origins and the default redirect URLs from appUrl and allowedOrigins', () => {
    const only = { appUrl: 'http://127.0.0.1:5173', allowedOrigins: undefined }
    // On 127.0.0.1 the app is also authorized as localhost, where passkeys work.
    expect(appOrigins(only)).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173'])
    expect(redirectUrls({ ...only, redirectUrls: undefined })).toEqual([
      'http://127.0.0.1:5173/auth/email',
      'http://localhost:5173/auth/email',
    ])
    const both = { appUrl: 'http://localhost:4173', allowedOrigins: ['https://cards.example'] }
    expect(redirectUrls({ ...both, redirectUrls: undefined })).toEqual([
      'http://localhost:4173/auth/email',
      'https://cards.example/auth/email',
    ])
    expect(redirectUrls({ ...both, redirectUrls: ['https://x.test/in'] })).toEqual([
      'https://x.test/in',
    ])
  })
})
