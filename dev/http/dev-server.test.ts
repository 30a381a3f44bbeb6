/** The stand-ins' HTTP shell: request bodies are limited as the real APIs limit them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from './dev-server.ts'
import { json } from './types.ts'

let server: DevServer
beforeAll(async () => {
  server = await startDevServer(
    {
      name: 'test',
      routes: [
        {
          method: 'POST',
          pattern: '/v1/echo',
          handler: (req) => json(200, { bytes: req.body.length }),
        },
      ],
      cors: undefined,
      errorBody: (status, errorType, message) => json(status, { error_type: errorType, message }),
    },
    '127.0.0.1',
    0,
  )
})
afterAll(() => server.close())

describe('request bodies', () => {
  it('an API route refuses a body over 1 MB', async () => {
    const ok = await fetch(`${server.url}/v1/echo`, { method: 'POST', body: 'x'.repeat(1_000_000) })
    expect(ok.status).toBe(200)
    const big = await fetch(`${server.url}/v1/echo`, {
      method: 'POST',
      body: 'x'.repeat(1_000_001),
    })
    expect(big.status).toBe(413)
  })

  it('a /_dev/ control takes a long list (up to 16 MB)', async () => {
    const reply = await fetch(`${server.url}/_dev/faults`, {
      method: 'POST',
      body: 'x'.repeat(5_000_000),
    })
    expect(reply.status).not.toBe(413)
  })
})

describe('the network switch (POST /_dev/network)', () => {
  const network = (body: string) =>
    fetch(`${server.url}/_dev/network`, { method: 'POST', body }).then((reply) => reply.status)
  const echo = () => fetch(`${server.url}/v1/echo`, { method: 'POST', body: 'x' })

  it('drops every API connection while down, answers the controls, and is up again after', async () => {
    expect(await network('{"up":false}')).toBe(200)
    try {
      await expect(echo()).rejects.toThrow(TypeError)
      expect((await fetch(`${server.url}/_dev/calls`)).status).toBe(200)
    } finally {
      expect(await network('{"up":true}')).toBe(200)
    }
    expect((await echo()).status).toBe(200)
  })

  it('is up again after a reset', async () => {
    expect(await network('{"up":false}')).toBe(200)
    await fetch(`${server.url}/_dev/reset`, { method: 'POST' })
    expect((await echo()).status).toBe(200)
  })

  it('refuses a body that is not {"up": boolean}, and stays as it was', async () => {
    for (const body of ['', '{}', '{"up":"false"}', '{"up":false,"x":1}', '[false]', 'null']) {
      expect(await network(body), body).toBe(400)
    }
    expect((await echo()).status).toBe(200)
  })
})
