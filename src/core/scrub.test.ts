/** The report scrubber removes every credential and tap value, wherever the SDK puts it. */
import { describe, expect, it } from 'vitest'
import { FILTERED, scrubReport, scrubText, SCRUBBED_PARAMS } from './scrub'

const UID = '041E3C8A2D6B80'
const CMAC = '4B00064004B0B3D3'
const TOKEN = 'DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94='
const JWT =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjF9.c2lnbmF0dXJlLXBhcnQ'

/** Asserts that none of the secret values survive anywhere in `value`. */
const expectClean = (value: unknown) => {
  const text = JSON.stringify(value)
  for (const secret of [UID, CMAC, TOKEN, JWT, '000006', 'secret-session']) {
    expect(text).not.toContain(secret)
  }
}

describe('scrubText', () => {
  it.each([
    [
      'a tap URL (uid, ctr, cmac)',
      `https://app.example/tap?uid=${UID}&ctr=000006&cmac=${CMAC}`,
      `https://app.example/tap?uid=${FILTERED}&ctr=${FILTERED}&cmac=${FILTERED}`,
    ],
    [
      'a tap URL (picc_data, cmac)',
      `/tap?picc_data=${UID}&cmac=${CMAC}#x`,
      `/tap?picc_data=${FILTERED}&cmac=${FILTERED}#x`,
    ],
    ['a tap URL (e)', `/tap?e=${UID}`, `/tap?e=${FILTERED}`],
    ['a tap URL (p, c)', `/tap?p=${UID}&c=${CMAC}`, `/tap?p=${FILTERED}&c=${FILTERED}`],
    [
      'a magic-link landing',
      `https://app.example/auth/email?stytch_token_type=magic_links&token=${TOKEN}`,
      `https://app.example/auth/email?stytch_token_type=${FILTERED}&token=${FILTERED}`,
    ],
    [
      'a bare query string',
      `uid=${UID}&ctr=000006&keep=1`,
      `uid=${FILTERED}&ctr=${FILTERED}&keep=1`,
    ],
    ['upper-case names', `/tap?UID=${UID}&CMAC=${CMAC}`, `/tap?UID=${FILTERED}&CMAC=${FILTERED}`],
    ['a fragment', `/auth/email#token=${TOKEN}`, `/auth/email#token=${FILTERED}`],
    [
      'any *token / *jwt parameter',
      `/x?session_token=secret-session&session_jwt=${JWT}&public=1`,
      `/x?session_token=${FILTERED}&session_jwt=${FILTERED}&public=1`,
    ],
    [
      'a URL inside free text',
      `Failed to load /tap?uid=${UID}&cmac=${CMAC} (HTTP 500)`,
      `Failed to load /tap?uid=${FILTERED}&cmac=${FILTERED} (HTTP 500)`,
    ],
    [
      'a URL in quotes',
      `"url":"/tap?uid=${UID}","next":1`,
      `"url":"/tap?uid=${FILTERED}","next":1`,
    ],
  ])('scrubs %s', (_label, input, output) => {
    expect(scrubText(input)).toBe(output)
  })

  it('scrubs a tap URL percent-encoded inside another parameter (once and twice)', () => {
    const tap = `/tap?uid=${UID}&ctr=000006&cmac=${CMAC}`
    const once = `/auth/email?redirect=${encodeURIComponent(tap)}`
    const scrubbedOnce = scrubText(once)
    expectClean(scrubbedOnce)
    expect(scrubbedOnce).toBe(
      `/auth/email?redirect=%2Ftap%3Fuid%3D${FILTERED}%26ctr%3D${FILTERED}%26cmac%3D${FILTERED}`,
    )
    const twice = `/x?next=${encodeURIComponent(once)}`
    expectClean(scrubText(twice))
  })

  it('keeps parameters that are not listed, and names that only end like a listed one', () => {
    const url = '/api/poap-events?isActive=false&spec=1&topic=c&epic=2'
    expect(scrubText(url)).toBe(url)
  })

  it('leaves text without URLs alone', () => {
    for (const text of ['Something went wrong.', 'TypeError: x is undefined', '', 'e', 'a = b']) {
      expect(scrubText(text)).toBe(text)
    }
  })

  it('scrubs Authorization credentials and JWTs written out in text', () => {
    expect(scrubText(`Authorization: Bearer ${JWT}`)).toBe(`Authorization: Bearer ${FILTERED}`)
    expect(scrubText('authorization: Basic cHVibGljOnNlY3JldA==')).toBe(
      `authorization: Basic ${FILTERED}`,
    )
    expect(scrubText(`jwt was ${JWT}.`)).toBe(`jwt was ${FILTERED}.`)
  })

  it('covers every parameter the spec lists', () => {
    for (const name of SCRUBBED_PARAMS) {
      expect(scrubText(`/p?${name}=secret-session`)).toBe(`/p?${name}=${FILTERED}`)
      expect(scrubText(`/p%3F${name}%3Dsecret-session`)).toBe(`/p%3F${name}%3D${FILTERED}`)
    }
  })
})

describe('scrubReport', () => {
  const tapUrl = `https://app.example/tap?uid=${UID}&ctr=000006&cmac=${CMAC}`

  it('scrubs an error event in every place the SDK puts a URL or header', () => {
    const event = {
      event_id: 'abc',
      message: `Failed at ${tapUrl}`,
      transaction: `/tap?uid=${UID}`,
      tags: { url: tapUrl, route: '/tap' },
      request: {
        url: tapUrl,
        headers: {
          Referer: `https://app.example/auth/email?token=${TOKEN}`,
          'User-Agent': 'Chromium',
          Authorization: `Bearer ${JWT}`,
          Cookie: 'stytch_session=secret-session',
        },
        cookies: { stytch_session: 'secret-session' },
        query_string: `uid=${UID}&ctr=000006&cmac=${CMAC}`,
      },
      exception: {
        values: [
          {
            type: 'Error',
            value: `GET ${tapUrl} failed`,
            stacktrace: {
              frames: [{ filename: 'https://app.example/assets/index.js', lineno: 1 }],
            },
          },
        ],
      },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/', to: `/tap?uid=${UID}&cmac=${CMAC}` } },
        { category: 'fetch', data: { url: tapUrl, method: 'GET', status_code: 500 } },
        { category: 'console', message: `token=${TOKEN}`, data: { arguments: [tapUrl] } },
      ],
      extra: { session_token: 'secret-session', sessionToken: 'secret-session', jwt: JWT },
      contexts: { state: { state: { value: { session: { sessionToken: 'secret-session' } } } } },
    }
    const scrubbed = scrubReport(event)
    expectClean(scrubbed)
    expect(scrubbed.request.headers).toEqual({
      Referer: `https://app.example/auth/email?token=${FILTERED}`,
      'User-Agent': 'Chromium',
    })
    expect(scrubbed.request).not.toHaveProperty('cookies')
    expect(scrubbed.transaction).toBe(`/tap?uid=${FILTERED}`)
    expect(scrubbed.tags.route).toBe('/tap')
    expect(scrubbed.breadcrumbs[0]?.data.from).toBe('/')
    expect(scrubbed.breadcrumbs[1]?.data.status_code).toBe(500)
    expect(scrubbed.extra.session_token).toBe(FILTERED)
    expect(scrubbed.exception.values[0]?.stacktrace.frames[0]?.filename).toBe(
      'https://app.example/assets/index.js',
    )
    expect(scrubbed.event_id).toBe('abc')
  })

  it('drops authorization and cookie fields in any case', () => {
    const headers = {
      AUTHORIZATION: 'x',
      authorization: 'y',
      'set-cookie': 'z',
      COOKIE: 'w',
      ok: 1,
    }
    expect(scrubReport({ headers })).toEqual({ headers: { ok: 1 } })
  })

  it('scrubs a streamed span: name and attributes', () => {
    const span = {
      name: `GET /tap?uid=${UID}`,
      span_id: '1',
      attributes: {
        'url.full': tapUrl,
        'http.request.header.referer': [`https://app.example/auth/email?token=${TOKEN}`],
        'url.template': '/tap',
        'http.response.status_code': 200,
      },
    }
    const scrubbed = scrubReport(span)
    expectClean(scrubbed)
    expect(scrubbed.attributes['url.template']).toBe('/tap')
    expect(scrubbed.attributes['http.response.status_code']).toBe(200)
  })

  it('does not change its input', () => {
    const event = { request: { url: tapUrl, headers: { Authorization: 'Bearer x' } } }
    const before = structuredClone(event)
    scrubReport(event)
    expect(event).toEqual(before)
  })

  it('copes with cycles, deep nesting and non-plain values', () => {
    const cyclic: Record<string, unknown> = { url: tapUrl }
    cyclic.self = cyclic
    const scrubbed = scrubReport(cyclic)
    expect(scrubbed.url).toBe(
      `https://app.example/tap?uid=${FILTERED}&ctr=${FILTERED}&cmac=${FILTERED}`,
    )
    expect(scrubbed.self).toBe(scrubbed)

    let deep: unknown = tapUrl
    for (let index = 0; index < 200; index++) deep = { deep }
    expectClean(scrubReport(deep))

    const date = new Date(0)
    expect(scrubReport({ at: date, n: 1, ok: true, none: null })).toEqual({
      at: date,
      n: 1,
      ok: true,
      none: null,
    })
  })

  it('scrubs keys as well as values', () => {
    expectClean(scrubReport({ [`/tap?uid=${UID}`]: 1 }))
  })
})
