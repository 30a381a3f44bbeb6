/** The SDK's settings: spec §9 values, no tunnel, and every hook scrubs what it is given. */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Breadcrumb, BrowserOptions, ErrorEvent } from '@sentry/react'
import { FILTERED } from '../core/scrub.ts'
import { sentryOptions } from './error-reporting-sentry.ts'

const DSN = 'http://public@127.0.0.1:8789/1'
/** The SDK's envelope type, which it does not export. */
type Envelope = Parameters<ReturnType<NonNullable<BrowserOptions['transport']>>['send']>[0]

const TAP = '/tap?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3'

describe('sentryOptions', () => {
  const options = sentryOptions({ dsn: DSN, router: null, release: 'iyk-cards@0.1.0' })

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
