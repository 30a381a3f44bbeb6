/** Contract: the cards API stand-in accepts only valid session JWTs and serves each email's list shape. */
import { generateKeyPair, SignJWT, decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { poapDate } from '../cards/demo-events.ts'
import { eventShapeFor } from '../cards/event-shape.ts'
import { EVENT_STATUSES, type CamelPoapEvent, type NativePoapEvent } from '../cards/poap-event.ts'
import { startTestStack, type SignedIn, type TestStack } from '../testing/test-stack.ts'

const POAP_DATE = /^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}$/

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

async function list<T = unknown>(jwt: string, query?: string): Promise<T[]> {
  const response = await events(jwt, query)
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: T[] }).data
}

/** Milliseconds of a `DD-Mon-YYYY` date (UTC midnight). */
function parsePoapDate(text: string): number {
  return Date.parse(`${text.replace(/-/g, ' ')} UTC`)
}

describe('cards API stand-in', () => {
  it('serves POAP’s native shape by default, all five statuses, dated around today', async () => {
    const data = await list<NativePoapEvent>(user.session_jwt)
    expect(new Set(data.map((event) => event.status))).toEqual(new Set(EVENT_STATUSES))
    const today = parsePoapDate(poapDate(stack.clock.now()))
    for (const event of data) {
      expect(event).toEqual({
        id: expect.any(Number),
        fancy_id: expect.stringMatching(/^[a-z0-9-]+-\d{4}$/),
        name: expect.any(String),
        description: expect.any(String),
        city: expect.any(String),
        country: expect.any(String),
        event_url: expect.stringMatching(/^https:\/\//),
        ...(event.image_url === undefined
          ? {}
          : {
              image_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/images\/[a-z-]+\.png$/),
            }),
        year: new Date(parsePoapDate(event.start_date)).getUTCFullYear(),
        start_date: expect.stringMatching(POAP_DATE),
        end_date: expect.stringMatching(POAP_DATE),
        expiry_date: expect.stringMatching(POAP_DATE),
        status: event.status,
      })
      const start = parsePoapDate(event.start_date)
      const end = parsePoapDate(event.end_date)
      expect(end).toBeGreaterThanOrEqual(start)
      expect(parsePoapDate(event.expiry_date)).toBeGreaterThan(end)
      if (event.status === 'active') expect(start <= today && today <= end).toBe(true)
      if (event.status === 'future' || event.status === 'pending-approval') {
        expect(start).toBeGreaterThan(today)
      }
      if (event.status === 'expired') expect(end).toBeLessThan(today)
    }
    expect(new Set(data.map((event) => event.id)).size).toBe(data.length)
    expect(data.filter((event) => event.image_url === undefined).length).toBeGreaterThan(0)
    expect(data.some((event) => event.city === '' && event.country === '')).toBe(true)

    const withImage = data.find((event) => event.image_url)
    const image = await fetch(withImage?.image_url ?? '')
    // POAP serves its artwork as 500×500 rasters (PNG or GIF), never as SVG.
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const png = Buffer.from(await image.arrayBuffer())
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    // Width and height: the first chunk (IHDR) holds them, big-endian, from byte 16.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 500])
    // Only the demo events' artwork exists, and only as PNG.
    const url = withImage?.image_url ?? ''
    expect((await fetch(url.replace(/\.png$/, '.svg'))).status).toBe(404)
    expect((await fetch(url.replace(/[a-z-]+\.png$/, 'not-there.png'))).status).toBe(404)
  })

  it('serves the camelCase shape to an address with +camel', async () => {
    const me = await stack.signIn('ada+camel@example.com')
    const data = await list<CamelPoapEvent>(me.session_jwt)
    expect(new Set(data.map((event) => event.status))).toEqual(new Set(EVENT_STATUSES))
    const now = stack.clock.now()
    for (const event of data) {
      expect(event).toEqual({
        id: expect.stringMatching(/^evt-[0-9a-f]{8}-/),
        name: expect.any(String),
        description: expect.any(String),
        imageUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/images\/[a-z-]+\.png$/),
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
  })

  it('serves the mixed list to +mixed and nothing to +empty', async () => {
    const mixed = await list<Record<string, unknown>>(
      (await stack.signIn('bo+mixed@example.com')).session_jwt,
    )
    const good = mixed.filter(
      (event) =>
        (typeof event.id === 'number' || typeof event.id === 'string') &&
        typeof event.name === 'string' &&
        EVENT_STATUSES.includes(event.status as never) &&
        typeof (event.city ?? '') === 'string' &&
        !Number.isNaN(
          event.start_date === undefined
            ? Date.parse(event.startDate as string)
            : parsePoapDate(event.start_date as string),
        ),
    )
    expect(good.length).toBeGreaterThanOrEqual(3)
    expect(good.some((event) => 'start_date' in event)).toBe(true)
    expect(good.some((event) => 'startDate' in event)).toBe(true)
    expect(mixed.some((event) => event.status === 'claimed')).toBe(true)
    expect(mixed.some((event) => !('id' in event))).toBe(true)
    expect(mixed.some((event) => event.start_date === 'sometime soon')).toBe(true)
    expect(mixed.some((event) => typeof event.name === 'number')).toBe(true)
    expect(mixed.some((event) => typeof event.city === 'number')).toBe(true)

    const empty = await stack.signIn('cy+empty@example.com')
    expect(await (await events(empty.session_jwt)).json()).toEqual({ data: [] })
  })

  it('chooses the shape by the address alone', () => {
    expect(eventShapeFor('ada@example.com')).toBe('native')
    expect(eventShapeFor(undefined)).toBe('native')
    expect(eventShapeFor('Ada+Camel@Example.com')).toBe('camel')
    expect(eventShapeFor('ada+mixed+x@example.com')).toBe('mixed')
    expect(eventShapeFor('ada+empty@example.com')).toBe('empty')
  })

  it('filters with isActive=true and refuses other values', async () => {
    const active = await list<NativePoapEvent>(user.session_jwt, '?isActive=true')
    expect(active.map((event) => event.status).sort()).toEqual(
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

  it('lists the JWTs it accepted, with their user, for the tests (never a refused one)', async () => {
    const me = await stack.signIn('bearer@example.com')
    await list(me.session_jwt)
    expect((await events('not.a.jwt')).status).toBe(401)
    const { bearers } = (await (await fetch(`${stack.cards.url}/_dev/bearers`)).json()) as {
      bearers: { userId: string; jwt: string }[]
    }
    expect(bearers.at(-1)).toEqual({ userId: me.user_id, jwt: me.session_jwt })
    expect(bearers.map((bearer) => bearer.jwt)).not.toContain('not.a.jwt')
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
    const back = await list(me.session_jwt)
    expect(back.length).toBeGreaterThan(0)
    expect((await put('nope')).status).toBe(400)
  })
})
