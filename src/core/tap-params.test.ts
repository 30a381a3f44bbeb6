import { describe, expect, it } from 'vitest'
import { parseTapParams, TAP_PARAM_NAMES } from './tap-params.ts'

const UID = '041E3C8A2D6B80'
const CTR = '000006'
const CMAC = '4B00064004B0B3D3'
const BLOCK = '0123456789ABCDEF0123456789ABCDEF'

describe('parseTapParams: valid taps', () => {
  it('accepts the example link uid + ctr + cmac', () => {
    expect(parseTapParams(`?uid=${UID}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: true,
      format: 'uid+ctr+cmac',
      params: { uid: UID, ctr: CTR, cmac: CMAC },
    })
  })

  it.each([
    [`e=${BLOCK}`, 'e', { e: BLOCK }],
    [`e=${BLOCK}${CMAC}`, 'e', { e: BLOCK + CMAC }],
    [`e=${BLOCK}${BLOCK}`, 'e', { e: BLOCK + BLOCK }],
    [`picc_data=${BLOCK}&cmac=${CMAC}`, 'picc_data+cmac', { picc_data: BLOCK, cmac: CMAC }],
    [`cmac=${CMAC}&picc_data=${BLOCK}`, 'picc_data+cmac', { picc_data: BLOCK, cmac: CMAC }],
    [`ctr=${CTR}&cmac=${CMAC}&uid=${UID}`, 'uid+ctr+cmac', { uid: UID, ctr: CTR, cmac: CMAC }],
    [`p=${BLOCK}&c=${CMAC}`, 'p+c', { p: BLOCK, c: CMAC }],
  ])('accepts %s as %s', (query, format, params) => {
    expect(parseTapParams(query)).toEqual({ ok: true, format, params })
    expect(parseTapParams('?' + query)).toEqual({ ok: true, format, params })
  })

  it('accepts lower and mixed case hex, and reports it upper-cased', () => {
    const result = parseTapParams(`uid=${UID.toLowerCase()}&ctr=${CTR}&cmac=4b00064004B0b3d3`)
    expect(result).toEqual({
      ok: true,
      format: 'uid+ctr+cmac',
      params: { uid: UID, ctr: CTR, cmac: CMAC },
    })
  })

  it('ignores empty pieces from stray ampersands', () => {
    expect(parseTapParams(`?&p=${BLOCK}&&c=${CMAC}&`)).toMatchObject({ ok: true, format: 'p+c' })
  })

  it('names every parameter once, for URL scrubbing', () => {
    expect([...TAP_PARAM_NAMES].sort()).toEqual(['c', 'cmac', 'ctr', 'e', 'p', 'picc_data', 'uid'])
  })
})

describe('parseTapParams: invalid taps', () => {
  it.each([
    ['', 'empty', undefined],
    ['?', 'empty', undefined],
    ['?&&', 'empty', undefined],
    [`uid=${UID}&ctr=${CTR}&cmac=${CMAC}&utm_source=x`, 'unknown-parameter', 'utm_source'],
    [`UID=${UID}&ctr=${CTR}&cmac=${CMAC}`, 'unknown-parameter', 'UID'],
    ['foo=bar', 'unknown-parameter', 'foo'],
    [`uid=${UID}&uid=${UID}&ctr=${CTR}&cmac=${CMAC}`, 'duplicate-parameter', 'uid'],
    [`e=${BLOCK}&p=${BLOCK}&c=${CMAC}`, 'mixed-formats', undefined],
    [`e=${BLOCK}&cmac=${CMAC}`, 'mixed-formats', 'cmac'],
    [`p=${BLOCK}&c=${CMAC}&cmac=${CMAC}`, 'mixed-formats', 'cmac'],
    [`picc_data=${BLOCK}&cmac=${CMAC}&ctr=${CTR}`, 'mixed-formats', 'ctr'],
    [`uid=${UID}&ctr=${CTR}`, 'missing-parameter', 'cmac'],
    [`uid=${UID}&cmac=${CMAC}`, 'missing-parameter', 'ctr'],
    [`ctr=${CTR}&cmac=${CMAC}`, 'missing-parameter', 'uid'],
    [`picc_data=${BLOCK}`, 'missing-parameter', 'cmac'],
    [`p=${BLOCK}`, 'missing-parameter', 'c'],
    [`c=${CMAC}`, 'missing-parameter', 'p'],
    [`cmac=${CMAC}`, 'missing-parameter', undefined],
    [`uid=${UID}&ctr=&cmac=${CMAC}`, 'missing-parameter', 'ctr'],
    [`uid=${UID}&ctr&cmac=${CMAC}`, 'missing-parameter', 'ctr'],
    [`uid=041E3C8A2D6BZ0&ctr=${CTR}&cmac=${CMAC}`, 'not-hex', 'uid'],
    [`uid=${UID}&ctr=00000x&cmac=${CMAC}`, 'not-hex', 'ctr'],
    [`uid=${UID}&ctr=${CTR}&cmac=4B00064004B0B3D+`, 'not-hex', 'cmac'],
    [`uid=${UID}&ctr=-00006&cmac=${CMAC}`, 'not-hex', 'ctr'],
    [`uid=%20${UID.slice(1)}&ctr=${CTR}&cmac=${CMAC}`, 'not-hex', 'uid'],
    [`e=${BLOCK.slice(2)}0x`, 'not-hex', 'e'],
    [`uid=${UID}0&ctr=${CTR}&cmac=${CMAC}`, 'wrong-length', 'uid'],
    [`uid=${UID.slice(2)}&ctr=${CTR}&cmac=${CMAC}`, 'wrong-length', 'uid'],
    [`uid=${UID}&ctr=0006&cmac=${CMAC}`, 'wrong-length', 'ctr'],
    [`uid=${UID}&ctr=${CTR}&cmac=${CMAC}00`, 'wrong-length', 'cmac'],
    [`picc_data=${BLOCK}00&cmac=${CMAC}`, 'wrong-length', 'picc_data'],
    [`picc_data=${BLOCK}&cmac=${CMAC.slice(1)}`, 'wrong-length', 'cmac'],
    [`p=${BLOCK.slice(2)}&c=${CMAC}`, 'wrong-length', 'p'],
    [`p=${BLOCK}&c=${CMAC}${CMAC}`, 'wrong-length', 'c'],
    [`e=${CMAC}`, 'wrong-length', 'e'],
    [`e=${BLOCK}0`, 'wrong-length', 'e'],
    [`e=${BLOCK}${BLOCK}${CMAC}`, 'wrong-length', 'e'],
    [`uid=%E0%A4%A&ctr=${CTR}&cmac=${CMAC}`, 'malformed', undefined],
    [`e=${'0'.repeat(600)}`, 'malformed', undefined],
  ])('refuses %s: %s', (query, reason, param) => {
    const result = parseTapParams(query)
    expect(result).toEqual(
      param === undefined ? { ok: false, reason } : { ok: false, reason, param },
    )
  })
})
