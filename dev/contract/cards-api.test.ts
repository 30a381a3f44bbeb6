/** Contract: the cards API stand-in accepts only valid session JWTs and serves the demo events. */
import { generateKeyPair, SignJWT, decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_STATUSES, type PoapEvent } from '../cards/poap-event.ts'
import { startTestStack, type SignedIn, type TestStack } from '../testing/test-stack.ts'

let stack: TestStack
let user: SignedIn

beforeAll(async () => {
  stack = await startTestStack()
  user = await stack.signIn('cards@example.com')
})
afterAll(() => stack.close())

function events(jwt: string | undefined, query = '?isActive=false') {
  return fetch(`${stack.cards.url}/api/poap-events${query}`, {
    headers: jwt === undefined ? {} : { authorization: `Bearer ${jwt}` },
  })
}

describe('cards API stand-in', () => {
  it('serves the demo set, all five statuses, to a valid JWT', async () => {
    const response = await events(user.session_jwt)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: PoapEvent[] }
    expect(new Set(data.map((event) => event.status))).toEqual(new Set(EVENT_STATUSES))
    const now = stack.clock.now()
    for (const event of data) {
      expect(event).toEqual({
        id: expect.stringMatching(/^evt-[0-9a-f]{8}-/),
        name: expect.any(String),
        description: expect.any(String),
        imageUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/images\/[a-z-]+\.svg$/),
        startDate: expect.any(String),
        endDate: expect.any(String),
        city: expect.any(String),
        country: expect.any(String),
        eventUrl: expect.stringMatching(/^https:\/\//),
        status: event.status,
      })
      const start = Date.parse(event.startDate)
      const end = Date.parse(event.endDate)
      expect(end).toBeGreaterThan(start)
      if (event.status === 'active') expect(start <= now && now <= end).toBe(true)
      if (event.status === 'future' || event.status === 'pending-approval') {
        expect(start).toBeGreaterThan(now)
      }
      if (event.status === 'expired') expect(end).toBeLessThan(now)
    }
    const image = await fetch(data[0]?.imageUrl ?? '')
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(await image.text()).toContain('<svg')
  })

  it('filters with isActive=true and refuses other values', async () => {
    const active = (await (await events(user.session_jwt, '?isActive=true')).json()) as {
      data: PoapEvent[]
    }
    expect(active.data.map((event) => event.status).sort()).toEqual(
      ['active', 'active', 'future', 'pending-approval'].sort(),
    )
    const bad = await events(user.session_jwt, '?isActive=maybe')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: expect.stringContaining('isActive') })
  })

  it('refuses a missing, garbage, forged or expired JWT with 401 and a message', async () => {
    const missing = await events(undefined)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'Missing bearer token.' })
    expect((await events('not.a.jwt')).status).toBe(401)

    const claims = decodeJwt(user.session_jwt)
    const other = await generateKeyPair('RS256')
    const kid = JSON.parse(
      Buffer.from(user.session_jwt.split('.')[0] ?? '', 'base64url').toString(),
    ).kid as string
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .sign(other.privateKey)
    const refused = await events(forged)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ message: 'Session JWT is invalid.' })

    const fresh = await stack.signIn('expiring@example.com')
    stack.clock.advance(301_000)
    const expired = await events(fresh.session_jwt)
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ message: 'Session JWT has expired.' })
  })

  it('lets a test replace a user’s list, and put the demo set back', async () => {
    const me = await stack.signIn('override@example.com')
    const put = (events: unknown) =>
      fetch(`${stack.cards.url}/_dev/events`, {
        method: 'PUT',
        body: JSON.stringify({ userId: me.user_id, events }),
      })
    expect((await put([])).status).toBe(200)
    expect(await (await events(me.session_jwt)).json()).toEqual({ data: [] })
    await put(null)
    const back = (await (await events(me.session_jwt)).json()) as { data: unknown[] }
    expect(back.data.length).toBeGreaterThan(0)
    expect((await put('nope')).status).toBe(400)
  })
})
