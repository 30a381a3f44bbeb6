import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig, serviceWorkerMode } from './defaults.ts'

describe('parseConfig', () => {
  it('defaults to the local stack', () => {
    const config = parseConfig({})
    expect(config.stytchApiUrl).toBe('http://127.0.0.1:8787')
    expect(config.cardsApiUrl).toBe('http://127.0.0.1:8788')
    expect(config.stytchPublicToken).toBe('public-token-test-local')
  })

  it('takes overrides and trims trailing slashes', () => {
    const config = parseConfig({ VITE_CARDS_API_URL: 'https://cards.example.com/' })
    expect(config.cardsApiUrl).toBe('https://cards.example.com')
  })

  it('rejects a malformed URL by name', () => {
    expect(() => parseConfig({ VITE_STYTCH_API_URL: 'not a url' })).toThrow(ConfigError)
    expect(() => parseConfig({ VITE_STYTCH_API_URL: 'ftp://x' })).toThrow(/VITE_STYTCH_API_URL/)
  })

  it('rejects a public token of the wrong form', () => {
    expect(() => parseConfig({ VITE_STYTCH_PUBLIC_TOKEN: 'secret-123' })).toThrow(/PUBLIC_TOKEN/)
  })

  it('turns error reporting off with an empty DSN', () => {
    const config = parseConfig({ VITE_SENTRY_DSN: '' })
    expect(config.sentryDsn).toBe('')
  })
})

describe('image origins', () => {
  it("are POAP's image host and the cards API by default", () => {
    expect(parseConfig({}).imageOrigins).toEqual([
      'https://assets.poap.xyz',
      'http://127.0.0.1:8788',
    ])
  })

  it('take a list separated by spaces or commas, each once, the cards API always', () => {
    const config = parseConfig({
      VITE_IMAGE_ORIGINS:
        'https://img.example.com, https://cdn.example.org/ https://img.example.com',
      VITE_CARDS_API_URL: 'https://cards.example.com/api',
    })
    expect(config.imageOrigins).toEqual([
      'https://img.example.com',
      'https://cdn.example.org',
      'https://cards.example.com',
    ])
  })

  it('may be only the cards API', () => {
    expect(parseConfig({ VITE_IMAGE_ORIGINS: '' }).imageOrigins).toEqual(['http://127.0.0.1:8788'])
  })

  it.each(['https://img.example.com/path', 'data:', 'ftp://img.example.com', 'img.example.com'])(
    'refuse %s by name',
    (item) => {
      expect(() => parseConfig({ VITE_IMAGE_ORIGINS: item })).toThrow(/VITE_IMAGE_ORIGINS/)
    },
  )
})

describe('VITE_SERVICE_WORKER', () => {
  it('is on, or unregister for the kill switch, and a build with anything else fails', () => {
    expect(serviceWorkerMode({})).toBe('on')
    expect(serviceWorkerMode({ VITE_SERVICE_WORKER: 'unregister' })).toBe('unregister')
    expect(() => serviceWorkerMode({ VITE_SERVICE_WORKER: 'unregistr' })).toThrow(ConfigError)
    expect(() => serviceWorkerMode({ VITE_SERVICE_WORKER: 'off' })).toThrow(/on or unregister/)
  })
})
