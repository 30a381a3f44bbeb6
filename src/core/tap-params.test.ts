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

describe('parseTapParams: names only as the card writes them (issue 23)', () => {
  // URLSearchParams decodes names, so these were taps before; error reports, which know the
  // names only as written, kept their values.
  it.each([
    ['names percent-encoded (the red team’s link)', `?%75id=${UID}&ctr=${CTR}&c%6Dac=${CMAC}`],
    ['a name wholly escaped', `%75%69%64=${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['an escape in lower-case hex', `uid=${UID}&ctr=${CTR}&c%6dac=${CMAC}`],
    ['an escaped underscore', `picc%5Fdata=${BLOCK}&cmac=${CMAC}`],
    ['a one-letter name escaped', `%65=${BLOCK}`],
    ['a name escaped twice', `%2575id=${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['an escaped `=` (name and value one piece)', `uid%3D${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['a Cyrillic і in uid', `u\u0456d=${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['a Cyrillic і, escaped as a URL writes it', `u%D1%96d=${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['a fullwidth e', `\uFF45=${BLOCK}`],
    ['a name with a space', `uid =${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['a name with a plus', `+uid=${UID}&ctr=${CTR}&cmac=${CMAC}`],
    ['a name with a zero-width space', `\u200Buid=${UID}&ctr=${CTR}&cmac=${CMAC}`],
  ])('is not a tap, and an unreadable one: %s', (_label, query) => {
    expect(parseTapParams(query)).toEqual({ ok: false, reason: 'malformed' })
  })

  it.each([
    ['a name in capitals', `UID=${UID}&ctr=${CTR}&cmac=${CMAC}`, 'UID'],
    ['a name in mixed case', `p=${BLOCK}&C=${CMAC}`, 'C'],
    ['a name in title case', `Picc_data=${BLOCK}&cmac=${CMAC}`, 'Picc_data'],
  ])('is not a tap: %s (named)', (_label, query, param) => {
    expect(parseTapParams(query)).toEqual({ ok: false, reason: 'unknown-parameter', param })
  })

  it('names a plain unknown word, and never quotes a value, an escape or a long name back', () => {
    expect(parseTapParams(`UID=${UID}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: false,
      reason: 'unknown-parameter',
      param: 'UID',
    })
    for (const query of [
      `%75id=${UID}&ctr=${CTR}&cmac=${CMAC}`,
      `uid%3D${UID}&ctr=${CTR}&cmac=${CMAC}`,
      `u%D1%96d=${UID}`,
      `${'x'.repeat(30)}=1`,
    ]) {
      expect(parseTapParams(query)).toEqual({ ok: false, reason: 'malformed' })
    }
  })

  it('refuses a name given twice, however the second is written', () => {
    expect(parseTapParams(`uid=${UID}&uid=${UID}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: false,
      reason: 'duplicate-parameter',
      param: 'uid',
    })
    expect(parseTapParams(`uid=${UID}&%75id=${UID}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('refuses oversized values and queries', () => {
    expect(parseTapParams(`uid=${UID.repeat(4)}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: false,
      reason: 'wrong-length',
      param: 'uid',
    })
    expect(parseTapParams(`e=${'A'.repeat(513)}`)).toEqual({ ok: false, reason: 'malformed' })
    expect(parseTapParams(`%75id=${'A'.repeat(10_000)}`)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('reads an escaped `&` as part of the value, never as a separator', () => {
    expect(parseTapParams(`uid=${UID}%26ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: false,
      reason: 'not-hex',
      param: 'uid',
    })
  })

  it('still reads values percent-encoded, as some mail clients write them', () => {
    expect(parseTapParams(`uid=%30%34${UID.slice(2)}&ctr=${CTR}&cmac=${CMAC}`)).toEqual({
      ok: true,
      format: 'uid+ctr+cmac',
      params: { uid: UID, ctr: CTR, cmac: CMAC },
    })
  })
})
