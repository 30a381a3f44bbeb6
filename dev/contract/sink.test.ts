/** Contract: the error-report sink stores Sentry envelopes as posted by the browser SDK, raw body included. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(() => stack.close())

interface Reports {
  reports: {
    receivedAt: string
    headers: { event_id?: string }
    items: { type: string; payload: unknown }[]
    raw: string
  }[]
}

function post(body: string, origin?: string) {
  return fetch(`${stack.sink.url}/api/1/envelope/?sentry_key=public&sentry_version=7`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...(origin ? { origin } : {}) },
    body,
  })
}

describe('error-report sink', () => {
  it('parses envelopes (with and without item lengths) and lists them with the raw body', async () => {
    const event = { event_id: 'abc123', message: 'boom', request: { url: 'http://x/?token=LEAK' } }
    const attachment = 'line one\nline two'
    const body = [
      JSON.stringify({
        event_id: 'abc123',
        dsn: stack.sink.dsn,
        sent_at: new Date().toISOString(),
      }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
      JSON.stringify({ type: 'attachment', length: Buffer.byteLength(attachment) }),
      attachment,
      '',
    ].join('\n')
    const response = await post(body, 'http://127.0.0.1:4173')
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
    expect(await response.json()).toEqual({ id: 'abc123' })

    const { reports } = (await (await fetch(`${stack.sink.url}/_dev/reports`)).json()) as Reports
    expect(reports).toHaveLength(1)
    expect(reports[0]?.headers.event_id).toBe('abc123')
    expect(reports[0]?.items).toEqual([
      { type: 'event', payload: event },
      { type: 'attachment', payload: attachment },
    ])
    expect(reports[0]?.raw).toContain('token=LEAK')
  })

  it('refuses a body that is not an envelope, and clears on DELETE', async () => {
    expect((await post('this is not json')).status).toBe(400)
    await fetch(`${stack.sink.url}/_dev/reports`, { method: 'DELETE' })
    expect(await (await fetch(`${stack.sink.url}/_dev/reports`)).json()).toEqual({ reports: [] })
  })
})
