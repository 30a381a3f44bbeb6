/** The sink takes a browser's policy violations as Sentry's security endpoint does, and lists them. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DevServer } from '../http/dev-server.ts'
import { parseSecurityReport } from './security-report.ts'
import { startSinkServer } from './sink-server.ts'

/** What Firefox sends from `report-uri` (its field names, trimmed). */
const cspReport = {
  'csp-report': {
    'document-uri': 'https://cards.example/',
    referrer: '',
    'blocked-uri': 'inline',
    'effective-directive': 'script-src-elem',
    'violated-directive': 'script-src-elem',
    'original-policy': "default-src 'none'",
    disposition: 'enforce',
    'status-code': 200,
  },
}

/** What Chromium sends from `report-to`: a list, with other report types beside. */
const reportsJson = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://cards.example/sw.js',
    user_agent: 'Chromium',
    body: {
      documentURL: 'https://cards.example/sw.js',
      blockedURL: 'https://blocked.example',
      effectiveDirective: 'connect-src',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', url: 'https://cards.example/', body: { id: 'x' } },
]

describe('security reports', () => {
  it('are read from report-uri and from report-to bodies', () => {
    expect(
      parseSecurityReport('application/csp-report', Buffer.from(JSON.stringify(cspReport))),
    ).toEqual([
      {
        documentURL: 'https://cards.example/',
        blockedURL: 'inline',
        effectiveDirective: 'script-src-elem',
        disposition: 'enforce',
        via: 'report-uri',
      },
    ])
    expect(
      parseSecurityReport('application/reports+json', Buffer.from(JSON.stringify(reportsJson))),
    ).toEqual([
      {
        documentURL: 'https://cards.example/sw.js',
        blockedURL: 'https://blocked.example',
        effectiveDirective: 'connect-src',
        disposition: 'enforce',
        via: 'report-to',
      },
    ])
  })

  it('refuse other content types and bodies that are not reports', () => {
    expect(() => parseSecurityReport('text/plain', Buffer.from('{}'))).toThrow(/content type/)
    expect(() => parseSecurityReport('application/csp-report', Buffer.from('{'))).toThrow(/JSON/)
    expect(() => parseSecurityReport('application/csp-report', Buffer.from('{}'))).toThrow(
      /csp-report/,
    )
    expect(() => parseSecurityReport('application/reports+json', Buffer.from('{}'))).toThrow(/list/)
  })
})

describe('the sink’s security endpoint', () => {
  let sink: DevServer
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'iyk-sink-'))
    sink = await startSinkServer({ dataDir, host: '127.0.0.1', port: 0, cors: undefined })
  })
  afterAll(async () => {
    await sink.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const post = (path: string, type: string, body: unknown) =>
    fetch(sink.url + path, {
      method: 'POST',
      headers: { 'content-type': type },
      body: JSON.stringify(body),
    })

  it('takes both forms with the project’s key and lists them as security items', async () => {
    const key = '/api/1/security/?sentry_key=public'
    expect((await post(key, 'application/csp-report', cspReport)).status).toBe(201)
    expect((await post(key, 'application/reports+json', reportsJson)).status).toBe(201)
    const { reports } = (await (await fetch(`${sink.url}/_dev/reports`)).json()) as {
      reports: { items: { type: string; payload: { effectiveDirective: string } }[] }[]
    }
    expect(
      reports.flatMap((report) =>
        report.items.map((item) => `${item.type} ${item.payload.effectiveDirective}`),
      ),
    ).toEqual(['security script-src-elem', 'security connect-src'])
  })

  it('refuses another project or key, and a body it cannot read', async () => {
    expect(
      (await post('/api/2/security/?sentry_key=public', 'application/csp-report', cspReport))
        .status,
    ).toBe(403)
    expect(
      (await post('/api/1/security/?sentry_key=other', 'application/csp-report', cspReport)).status,
    ).toBe(403)
    expect((await post('/api/1/security/?sentry_key=public', 'text/plain', cspReport)).status).toBe(
      400,
    )
  })
})
