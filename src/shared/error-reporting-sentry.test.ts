/** The SDK's settings: spec §9 values, no tunnel, no user or IP, and every hook scrubs. */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  captureException,
  close,
  init,
  setUser,
  type Breadcrumb,
  type BrowserOptions,
  type ErrorEvent,
} from '@sentry/react'
import { EMAIL_MARKER, FILTERED } from '../core/scrub.ts'
import { sentryOptions } from './error-reporting-sentry.ts'

const DSN = 'http://public@127.0.0.1:8789/1'
/** The SDK's envelope type, which it does not export. */
type Envelope = Parameters<ReturnType<NonNullable<BrowserOptions['transport']>>['send']>[0]

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'
const SESSION_TOKEN = 'mZAYn5aLEqKUlZ_Ad9U_fWr38GaAQ1oFAhT8ds245v7Q'
const EMAIL = 'holder-1a2b3c4d@example.com'

describe('sentryOptions', () => {
  const options = sentryOptions({ dsn: DSN, router: null, release: 'iyk-cards@0.1.0' })

  it('removes the values the page knows, in any encoding, from events, breadcrumbs and spans', async () => {
    const phone = '+447911123456'
    const uid = '041E3C8A2D6B80'
    const known = sentryOptions({ dsn: DSN, router: null, knownSecrets: () => [phone, uid] })
    const written = [
      phone,
      encodeURIComponent(phone),
      btoa(phone),
      btoa(`x:${phone}`),
      `/tap?%75id=${uid.toLowerCase()}`,
      `%2Ftap%3Fx%3D${uid}`,
    ].join(' ')
    const event = { message: `Call ${written}` } as unknown as ErrorEvent
    const sent = JSON.stringify(await known.beforeSend?.(event, {}))
    const crumb = JSON.stringify(known.beforeBreadcrumb?.({ message: written } as Breadcrumb, {}))
    const span = JSON.stringify(
      known.beforeSendSpan?.({ name: written, attributes: { 'url.full': written } } as never),
    )
    for (const text of [sent, crumb, span]) {
      for (const secret of [phone, '447911123456', btoa(phone).slice(0, 16), uid, 'B80']) {
        expect(text.toUpperCase()).not.toContain(secret.toUpperCase())
      }
    }
  })

  it('traces everything, labels the environment "production" and uses no tunnel', () => {
    expect(options).toMatchObject({
      dsn: DSN,
      tracesSampleRate: 1,
      environment: 'production',
      release: 'iyk-cards@0.1.0',
      tracePropagationTargets: [],
    })
    expect(options.tunnel).toBeUndefined()
    expect(options.integrations).toEqual([expect.objectContaining({ name: 'BrowserTracing' })])
  })

  it('collects no user data, IP address or cookies (SDK 11 has no `sendDefaultPii`)', () => {
    expect(options.dataCollection).toEqual({ cookies: false, userInfo: false })
    expect(options).not.toHaveProperty('sendDefaultPii')
  })

  it('sends error events without a user, and without secrets or addresses in their text', async () => {
    const event = {
      type: undefined,
      message: `Sign-in state {"session_token":"${SESSION_TOKEN}","email":"${EMAIL}"}`,
      exception: { values: [{ type: 'Error', value: `No account for ${EMAIL}` }] },
      user: { id: 'holder', email: EMAIL, ip_address: '{{auto}}' },
      extra: { body: JSON.stringify(JSON.stringify({ session_token: SESSION_TOKEN })) },
    } as unknown as ErrorEvent
    const sent = await options.beforeSend?.(event, {})
    expect(sent).not.toHaveProperty('user')
    expect(sent?.message).toBe(
      `Sign-in state {"session_token":"${FILTERED}","email":"${EMAIL_MARKER}"}`,
    )
    expect(sent?.exception?.values?.[0]?.value).toBe(`No account for ${EMAIL_MARKER}`)
    const text = JSON.stringify(sent)
    expect(text).not.toContain(SESSION_TOKEN)
    expect(text).not.toContain(EMAIL)
  })

  it('scrubs error events before they are sent', async () => {
    const event = {
      type: undefined,
      request: {
        url: `https://app.example${TAP}`,
        headers: { Authorization: 'Bearer abc.def', Referer: `https://app.example${TAP}` },
        cookies: { stytch_session: 'secret' },
      },
      transaction: TAP,
      tags: { where: TAP },
    } as unknown as ErrorEvent
    const sent = JSON.stringify(await options.beforeSend?.(event, {}))
    for (const value of ['041E3C8A2D6B80', '4B00064004B0B3D3', 'Bearer', 'stytch_session']) {
      expect(sent).not.toContain(value)
    }
    expect(sent).toContain(`uid=${FILTERED}`)
  })

  it('scrubs breadcrumbs as they are recorded', () => {
    const crumb: Breadcrumb = {
      category: 'navigation',
      data: { from: '/', to: `/auth/email?stytch_token_type=magic_links&token=secret-token` },
    }
    expect(options.beforeBreadcrumb?.(crumb)).toEqual({
      category: 'navigation',
      data: { from: '/', to: `/auth/email?stytch_token_type=${FILTERED}&token=${FILTERED}` },
    })
  })

  it('scrubs span names and attributes', () => {
    const span = {
      trace_id: 't',
      span_id: 's',
      name: `GET ${TAP}`,
      start_timestamp: 0,
      status: 'ok',
      is_segment: true,
      attributes: { 'url.full': `https://app.example${TAP}`, 'url.template': '/tap' },
    } as const
    const sent = options.beforeSendSpan?.({ ...span, attributes: { ...span.attributes } })
    expect(JSON.stringify(sent)).not.toContain('041E3C8A2D6B80')
    expect(sent?.attributes['url.template']).toBe('/tap')
  })
})

describe('sending', () => {
  const setOnline = (online: boolean) =>
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  afterEach(() => setOnline(true))

  it('queues a report while the browser is offline and sends it once it is back', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}', { status: 200 }))
    const options = sentryOptions({ dsn: DSN, router: null, fetch })
    const transport = options.transport?.({
      url: 'http://127.0.0.1:8789/api/1/envelope/',
      recordDroppedEvent: () => {},
    })
    const envelope: Envelope = [
      { event_id: 'e1', sent_at: new Date().toISOString() },
      [[{ type: 'event' }, { message: 'offline' }]],
    ]

    setOnline(false)
    await transport?.send(envelope)
    expect(fetch).not.toHaveBeenCalled()

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(String(fetch.mock.calls[0]?.[1]?.body)).toContain('"message":"offline"')
  })
})

describe('with the real SDK', () => {
  afterEach(async () => {
    await close()
  })

  it('sends an envelope with no user, no IP inference and no secret from the message', async () => {
    const sent: Envelope[] = []
    init({
      ...sentryOptions({ dsn: DSN, router: null }),
      integrations: [],
      transport: () => ({
        send: async (envelope) => {
          sent.push(envelope)
          return {}
        },
        flush: async () => true,
      }),
    })
    setUser({ id: 'holder', email: EMAIL, ip_address: '{{auto}}' })
    captureException(new Error(`Bad state {"session_token":"${SESSION_TOKEN}"} for ${EMAIL}`))
    await vi.waitFor(() => expect(sent).toHaveLength(1))

    const [, items] = sent[0] as Envelope
    const event = items[0]?.[1] as ErrorEvent
    expect(event.user).toBeUndefined()
    expect(event.sdk?.settings).toEqual({ infer_ip: 'never' })
    expect(event.exception?.values?.[0]?.value).toBe(
      `Bad state {"session_token":"${FILTERED}"} for ${EMAIL_MARKER}`,
    )
    const text = JSON.stringify(sent)
    expect(text).not.toContain(SESSION_TOKEN)
    expect(text).not.toContain(EMAIL)
    expect(text).not.toContain('{{auto}}')
  })
})
