/** The engine's account calls (passkeys): made with the worker's session token, answered to one tab. */
import { beforeEach, describe, expect, it } from 'vitest'
import { base64Encode } from './base64.ts'
import { ENGINE_STATE_KEY, FRESH_FACTOR_MS } from './constants.ts'
import { type EngineState, JWT_IN_MEMORY } from './engine-state.ts'
import { PROTOCOL_VERSION as v, TAB_MESSAGE, type WorkerMessage } from './protocol.ts'
import { json } from './testing/fake-backend.ts'
import { createEngineHarness, type EngineHarness } from './testing/engine-harness.ts'

let h: EngineHarness
let token: string

beforeEach(async () => {
  h = createEngineHarness()
  const data = h.backend.signIn('user-a')
  token = data.session_token
  await h.engine.handoff(data)
  h.backend.passkeysByUser.set('user-a', [
    { webauthn_registration_id: 'webauthn-registration-test-1', name: 'Phone', domain: 'app.test' },
  ])
})

async function stored(): Promise<EngineState | undefined> {
  return h.store.get<EngineState>(ENGINE_STATE_KEY)
}

describe('account calls', () => {
  it('lists the passkeys with the session token and the SDK headers, never sending it elsewhere', async () => {
    const result = await h.engine.account({ op: 'passkeys' })
    expect(result).toEqual({
      ok: true,
      passkeys: [{ id: 'webauthn-registration-test-1', name: 'Phone', domain: 'app.test' }],
    })
    const [call] = h.backend.callsTo('/users/me')
    expect(call?.method).toBe('GET')
    expect(call?.url).toBe('http://provider.test/sdk/v1/users/me')
    expect(call?.headers.Authorization).toBe(
      `Basic ${base64Encode(`public-token-test-fake:${token}`)}`,
    )
    expect(call?.headers['X-SDK-Parent-Host']).toBe('https://app.test:8443')
    expect(JSON.stringify(h.broadcasts)).not.toContain(token)
  })

  it('asks for passkey creation options for its own host name, whatever the tab is', async () => {
    const result = await h.engine.account({ op: 'passkey-options' })
    expect(result.ok && 'creationOptions' in result).toBe(true)
    const options = JSON.parse((result as { creationOptions: string }).creationOptions) as {
      rp: { id: string }
    }
    expect(options.rp.id).toBe('app.test')
    const [call] = h.backend.callsTo('/webauthn/register/start')
    expect(JSON.parse(call?.body ?? '')).toEqual({
      domain: 'app.test',
      return_passkey_credential_options: true,
      user_agent: 'TestAgent/1.0',
    })
  })

  it('registers a passkey, keeps the session it comes with, and answers with the new list', async () => {
    const before = (await stored())?.session?.expiresAt
    h.clock.advance(1000)
    const result = await h.engine.account({ op: 'passkey-register', credential: '{"id":"c"}' })
    expect(result).toEqual({
      ok: true,
      passkeys: [
        expect.objectContaining({ id: 'webauthn-registration-test-1' }),
        expect.objectContaining({ name: '' }),
      ],
    })
    const [call] = h.backend.callsTo('/webauthn/register')
    expect(JSON.parse(call?.body ?? '')).toEqual({
      public_key_credential: '{"id":"c"}',
      session_duration_minutes: 60,
    })
    // The registration's session is kept (its expiry moved on), its JWT is not stored.
    const after = (await stored())?.session
    expect(after?.expiresAt).toBeGreaterThan(before!)
    expect(after).toHaveProperty('jwt', JWT_IN_MEMORY)
    expect(h.sent('session').at(-1)).toEqual({ v, type: 'session', expiresAt: after?.expiresAt })
    expect(JSON.stringify(h.broadcasts)).not.toContain(String(h.backend.mintedJwts.at(-1)))
  })

  it('renames and removes by id, each followed by the list as the provider has it', async () => {
    const renamed = await h.engine.account({
      op: 'passkey-rename',
      id: 'webauthn-registration-test-1',
      name: 'Work laptop',
    })
    expect(renamed).toEqual({
      ok: true,
      passkeys: [{ id: 'webauthn-registration-test-1', name: 'Work laptop', domain: 'app.test' }],
    })
    expect(h.backend.callsTo('/webauthn/update/webauthn-registration-test-1')[0]?.method).toBe(
      'PUT',
    )
    const removed = await h.engine.account({
      op: 'passkey-remove',
      id: 'webauthn-registration-test-1',
    })
    expect(removed).toEqual({ ok: true, passkeys: [] })
    expect(
      h.backend.callsTo('/users/webauthn_registrations/webauthn-registration-test-1')[0]?.method,
    ).toBe('DELETE')
  })

  it('says who refused and why, without signing out', async () => {
    const result = await h.engine.account({ op: 'passkey-remove', id: 'webauthn-registration-x' })
    expect(result).toEqual({
      ok: false,
      failure: { kind: 'refused', errorType: 'webauthn_registration_not_found' },
    })
    expect((await stored())?.session).toMatchObject({ userId: 'user-a' })
  })

  it('reads no answer, a 5xx and a captive portal as unreachable, and keeps the session', async () => {
    h.backend.accountFaults.push(
      { fail: 'timeout' },
      json(503, { error_type: 'internal_server_error' }),
      { status: 200, contentType: 'text/html', body: '<html>Log in to the Wi-Fi</html>' },
    )
    for (let i = 0; i < 3; i++) {
      expect(await h.engine.account({ op: 'passkeys' })).toEqual({
        ok: false,
        failure: { kind: 'unreachable' },
      })
    }
    expect((await stored())?.session).toMatchObject({ userId: 'user-a' })
    expect(h.sent('status').at(-1)).toEqual(expect.objectContaining({ online: false }))
  })

  it('signs out everywhere when the provider says the session is gone', async () => {
    h.backend.accountFaults.push(json(404, { error_type: 'session_not_found' }))
    expect(await h.engine.account({ op: 'passkeys' })).toEqual({
      ok: false,
      failure: { kind: 'signed-out' },
    })
    expect((await stored())?.session).toBeNull()
    expect(h.sent('signout')).toEqual([expect.objectContaining({ reason: 'session_not_found' })])
  })

  it('makes no call without a session', async () => {
    await h.engine.signOut('user')
    const calls = h.backend.requests.length
    expect(await h.engine.account({ op: 'passkeys' })).toEqual({
      ok: false,
      failure: { kind: 'signed-out' },
    })
    expect(h.backend.requests).toHaveLength(calls)
  })

  it('leaves out passkeys it cannot read, and reports how many', async () => {
    h.backend.passkeysByUser.set('user-a', [
      { webauthn_registration_id: 'webauthn-registration-test-1', name: 'Phone', domain: 'x' },
      { webauthn_registration_id: '../../users/me', name: 'bad', domain: 'x' },
    ])
    const result = await h.engine.account({ op: 'passkeys' })
    expect(result).toEqual({
      ok: true,
      passkeys: [{ id: 'webauthn-registration-test-1', name: 'Phone', domain: 'x' }],
    })
    expect(h.reports.map((report) => report.context)).toContainEqual({
      op: 'passkeys',
      dropped: 1,
    })
  })

  it('answers the asking tab alone through receive', async () => {
    const replies: WorkerMessage[] = []
    const broadcastsBefore = h.broadcasts.length
    await h.engine.receive(
      { v, type: TAB_MESSAGE.account, id: 'req-1', call: { op: 'passkeys' } },
      (reply) => replies.push(reply),
    )
    expect(replies).toEqual([
      {
        v,
        type: 'account-result',
        id: 'req-1',
        result: { ok: true, passkeys: [expect.objectContaining({ name: 'Phone' })] },
      },
    ])
    expect(h.broadcasts.slice(broadcastsBefore).map((m) => m.type)).not.toContain('account-result')
  })
})

describe('a holder who signed in by text message', () => {
  it('is announced and kept with their phone number (the first usable one)', async () => {
    // The provider's answer to the hand-off's check is what is kept, whatever the page handed.
    h.backend.usersById.set('user-p', { emails: [], phoneNumbers: ['', '+14155550101'] })
    await h.engine.handoff(h.backend.signIn('user-p'))
    expect(h.sent('signin').at(-1)).toEqual(
      expect.objectContaining({ email: null, phone: '+14155550101' }),
    )
    const snapshot = await h.engine.snapshot()
    expect(snapshot.auth).toEqual(expect.objectContaining({ phone: '+14155550101' }))
  })
})

describe('account changes need the holder present (a recent sign-in, as the provider says)', () => {
  const changes = [
    { op: 'passkey-options' },
    { op: 'passkey-register', credential: '{"id":"c"}' },
    { op: 'passkey-rename', id: 'webauthn-registration-test-1', name: 'Work laptop' },
    { op: 'passkey-remove', id: 'webauthn-registration-test-1' },
  ] as const

  it('keeps the newest factor time from the provider’s answer', async () => {
    expect((await stored())?.session?.factorAt).toBe(h.clock.now())
  })

  it('allows every change within five minutes of the sign-in', async () => {
    h.clock.advance(FRESH_FACTOR_MS)
    for (const call of changes) {
      expect((await h.engine.account(call)).ok).toBe(true)
    }
  })

  it('refuses every change after that with reauth-needed, asking the provider only; the list still loads', async () => {
    h.clock.advance(FRESH_FACTOR_MS + 1)
    const before = h.backend.requests.length
    for (const call of changes) {
      expect(await h.engine.account(call)).toEqual({
        ok: false,
        failure: { kind: 'reauth-needed' },
      })
    }
    // One fresh authenticate per change, whose factors decide; nothing reaches the passkeys.
    expect(
      h.backend.requests.slice(before).map((request) => new URL(request.url).pathname),
    ).toEqual(changes.map(() => '/sdk/v1/sessions/authenticate'))
    expect((await h.engine.account({ op: 'passkeys' })).ok).toBe(true)
    expect(h.backend.passkeysByUser.get('user-a')).toHaveLength(1)
    expect((await stored())?.session).toMatchObject({ userId: 'user-a' })
  })

  it.each([
    ['now', 0],
    ['in the future', 60_000],
  ])(
    'cannot be reopened by a page that rewrites the stored sign-in time (%s)',
    async (_when, ahead) => {
      h.clock.advance(FRESH_FACTOR_MS + 1)
      // What a script of the page can do: the record is in the origin's IndexedDB.
      await h.store.update<Record<string, unknown>>(ENGINE_STATE_KEY, (state) => ({
        ...state,
        session: { ...(state?.session as object), factorAt: h.clock.now() + ahead },
      }))
      for (const call of changes) {
        expect(await h.engine.account(call)).toEqual({
          ok: false,
          failure: { kind: 'reauth-needed' },
        })
      }
      expect(h.backend.passkeysByUser.get('user-a')).toHaveLength(1)
    },
  )

  it('measures by the provider’s clock: a device clock minutes off neither blocks nor stretches the window', async () => {
    h.clock.advance(FRESH_FACTOR_MS - 60_000)
    // The provider's clock 10 minutes behind the device's: its factor time looks "in the future"
    // to the device, yet the holder signed in 4 minutes ago by the provider's own clock.
    h.backend.clockSkewMs = -10 * 60_000
    expect((await h.engine.account(changes[0])).ok).toBe(true)
    // 10 minutes ahead: still 4 minutes by the provider, not 14.
    h.backend.clockSkewMs = 10 * 60_000
    expect((await h.engine.account(changes[0])).ok).toBe(true)
  })

  it('is not made fresh by a re-authentication: only the provider’s factor times count', async () => {
    h.clock.advance(FRESH_FACTOR_MS + 1)
    await h.engine.refresh()
    expect(h.backend.callsTo('/sessions/authenticate')).toHaveLength(2)
    expect(await h.engine.account(changes[3])).toEqual({
      ok: false,
      failure: { kind: 'reauth-needed' },
    })
  })

  it('is not made fresh by registering a passkey (the page made that credential)', async () => {
    h.clock.advance(FRESH_FACTOR_MS - 1000)
    expect((await h.engine.account(changes[1])).ok).toBe(true)
    h.clock.advance(2000)
    expect(await h.engine.account(changes[3])).toEqual({
      ok: false,
      failure: { kind: 'reauth-needed' },
    })
  })

  it('cannot be forged by a page: a handed-off factor time is not kept, the provider’s is', async () => {
    h.clock.advance(FRESH_FACTOR_MS + 1)
    const stale = h.backend.signIn('user-b')
    h.clock.advance(FRESH_FACTOR_MS + 1)
    // The page claims a factor proved just now; the provider's answer says otherwise.
    const forged = {
      ...stale,
      session: {
        ...stale.session,
        authentication_factors: [{ last_authenticated_at: new Date(h.clock.now()).toISOString() }],
      },
    }
    await h.engine.handoff(forged)
    const session = (await stored())?.session
    expect(session?.userId).toBe('user-b')
    expect(session?.factorAt).toBe(h.clock.now() - FRESH_FACTOR_MS - 1)
    expect(await h.engine.account(changes[0])).toEqual({
      ok: false,
      failure: { kind: 'reauth-needed' },
    })
  })

  it('refuses a change when the provider’s answer names no factor, whatever the record says', async () => {
    h.backend.authenticateFaults.push(
      json(200, {
        status_code: 200,
        data: { ...h.backend.signIn('user-a'), session: { expires_at: '2030-01-01T00:00:00Z' } },
      }),
    )
    expect(await h.engine.account(changes[0])).toEqual({
      ok: false,
      failure: { kind: 'reauth-needed' },
    })
  })

  it('a session the provider ended signs out; an outage is unreachable, changing nothing', async () => {
    h.backend.authenticateFaults.push({ fail: 'network' })
    expect(await h.engine.account(changes[0])).toEqual({
      ok: false,
      failure: { kind: 'unreachable' },
    })
    expect((await stored())?.session).toMatchObject({ userId: 'user-a' })
    h.backend.authenticateFaults.push(
      json(404, { status_code: 404, error_type: 'session_not_found', error_message: 'gone' }),
    )
    expect(await h.engine.account(changes[0])).toEqual({
      ok: false,
      failure: { kind: 'signed-out' },
    })
    expect((await stored())?.session).toBeNull()
    expect(h.sent('signout')).toEqual([{ v, type: 'signout', reason: 'session_not_found' }])
  })

  it('takes a new sign-in as fresh again', async () => {
    h.clock.advance(FRESH_FACTOR_MS + 1)
    await h.engine.handoff(h.backend.signIn('user-a'))
    expect((await h.engine.account(changes[3])).ok).toBe(true)
  })
})
