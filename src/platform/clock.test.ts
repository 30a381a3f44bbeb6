/** systemNewId yields UUID v4s with and without `crypto.randomUUID` (insecure contexts lack it). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { systemNewId } from './clock.ts'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => vi.unstubAllGlobals())

describe('systemNewId', () => {
  it('returns a fresh UUID v4 each time', () => {
    const ids = Array.from({ length: 50 }, () => systemNewId())
    for (const id of ids) expect(id).toMatch(UUID_V4)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('falls back to getRandomValues where randomUUID is missing', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends Uint8Array>(a: T) => real.getRandomValues(a),
    })
    const ids = Array.from({ length: 50 }, () => systemNewId())
    for (const id of ids) expect(id).toMatch(UUID_V4)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
