/** Contract: users, sessions, codes and the signing key survive a restart on the same data folder. */
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { resetStackData } from '../stack-data.ts'
import { startTestStack, tempDataDir } from '../testing/test-stack.ts'

let dataDir = ''

afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('persistence', () => {
  it('keeps the session, its JWT, pending codes and the inbox across a restart', async () => {
    dataDir = await tempDataDir()
    const first = await startTestStack({ dataDir, keepData: true })
    const signedIn = await first.signIn('restart@example.com')
    const sent = await first.sdk('/otps/email/login_or_create', {
      body: { email: 'later@example.com' },
    })
    const { method_id } = ((await sent.json()) as { data: { method_id: string } }).data
    const code = await first.latestCode('later@example.com')
    await first.close()

    const second = await startTestStack({ dataDir, keepData: true })
    const cards = await fetch(`${second.cards.url}/api/poap-events?isActive=false`, {
      headers: { authorization: `Bearer ${signedIn.session_jwt}` },
    })
    expect(cards.status).toBe(200)
    const again = await second.sdk('/sessions/authenticate', {
      body: {},
      sessionToken: signedIn.session_token,
    })
    expect(again.status).toBe(200)
    expect(await second.latestCode('later@example.com')).toBe(code)
    const late = await second.sdk('/otps/authenticate', { body: { token: code, method_id } })
    expect(late.status).toBe(200)
    await second.close()

    expect(resetStackData(dataDir)).toEqual(
      expect.arrayContaining(['provider.json', 'signing-key.json']),
    )
    expect(existsSync(dataDir)).toBe(false)
    const third = await startTestStack({ dataDir, keepData: true })
    const gone = await third.sdk('/sessions/authenticate', {
      body: {},
      sessionToken: signedIn.session_token,
    })
    expect(gone.status).toBe(404)
    const refused = await fetch(`${third.cards.url}/api/poap-events`, {
      headers: { authorization: `Bearer ${signedIn.session_jwt}` },
    })
    expect(refused.status).toBe(401)
    await third.close()
  })
})
