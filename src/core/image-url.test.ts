/** Image addresses: only http(s) URLs on the configured origins pass, normalised. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedImageUrl } from './image-url.ts'

const ORIGINS = ['https://assets.poap.xyz', 'http://127.0.0.1:8788']

describe('allowedImageUrl', () => {
  it.each([
    ['https://assets.poap.xyz/drop-2022-logo.png', 'https://assets.poap.xyz/drop-2022-logo.png'],
    ['HTTPS://ASSETS.POAP.XYZ/a%20b.png', 'https://assets.poap.xyz/a%20b.png'],
    ['https://assets.poap.xyz:443/x.png', 'https://assets.poap.xyz/x.png'],
    ['http://127.0.0.1:8788/images/a.svg', 'http://127.0.0.1:8788/images/a.svg'],
  ])('keeps %s', (value, expected) => {
    expect(allowedImageUrl(value, ORIGINS)).toBe(expected)
  })

  it.each([
    ['another host', 'https://tracker.example/pixel.png'],
    ['a look-alike host', 'https://assets.poap.xyz.evil.example/x.png'],
    ['another port', 'https://assets.poap.xyz:8443/x.png'],
    ['another scheme', 'http://assets.poap.xyz/x.png'],
    ['credentials in the address', 'https://user:pw@assets.poap.xyz/x.png'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', '/images/x.png'],
    ['nothing', ''],
    ['null', null],
  ])('drops %s', (_label, value) => {
    expect(allowedImageUrl(value, ORIGINS)).toBeNull()
  })

  it('drops everything when no origin is allowed', () => {
    expect(allowedImageUrl('https://assets.poap.xyz/x.png', [])).toBeNull()
  })

  // Budget: 1,000 runs, about 1 s alone here, nearly all of it fast-check building `webUrl()`
  // (the runs take about 0.1 s); 60 s holds on a machine 4x slower under a full run's load.
  it('keeps an address only when its origin is on the list (any string)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (value) => {
        const kept = allowedImageUrl(value, ORIGINS)
        if (kept === null) return
        expect(ORIGINS).toContain(new URL(kept).origin)
      }),
      { numRuns: 1000 },
    )
  }, 60_000)
})
