/** Scripted stand-ins for the provider and the cards API behind a fake Http port, for tests and scripts. */
import { base64Encode, utf8Length } from '../base64.ts'
import { BodyTooLargeError } from '../body-too-large.ts'
import { SESSION_DURATION_MINUTES } from '../constants.ts'
import type { Clock, Http, HttpRequest, HttpResponse } from '../ports.ts'
import type { AuthenticateData } from '../provider-session.ts'

/** A scripted answer: an HTTP reply, or a failure before any reply. */
export type FakeAnswer =
  { status: number; contentType?: string | null; body: string } | { fail: 'network' | 'timeout' }

/** A request as the fake saw it, with the fake time it arrived. */
export interface RecordedRequest extends HttpRequest {
  at: number
}

/** Requests matching a gate wait at it until released (or aborted). */
export interface Gate {
  /** Lets every waiting request (and any later one) through. */
  release(): void
  /** Resolves once a request is waiting at the gate. */
  reached: Promise<void>
}

/** Builds a JSON reply. */
export function json(status: number, body: unknown): FakeAnswer {
  return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) }
}

/** A raw event as the cards API sends it. */
export function rawEvent(id: string | number, status: string, name = `Event ${id}`): unknown {
  return {
    id,
    name,
    description: 'Demo event',
    imageUrl: `https://img.example/${id}.png`,
    startDate: '2025-05-01T18:00:00Z',
    endDate: '2025-05-01T23:00:00Z',
    city: 'Berlin',
    country: 'Germany',
    eventUrl: null,
    status,
  }
}

interface FakeSession {
  token: string
  id: string
  userId: string
  email: string
  expiresAt: number
  alive: boolean
  /** When the sign-in proved the factor (a re-authentication leaves it). */
  factorAt: number
}

/** The fake provider, cards API and the Http port in front of them. */
export interface FakeBackend {
  http: Http
  requests: RecordedRequest[]
  /** Creates a provider session as a sign-in would, returning the parts the page hands off. */
  signIn(userId: string, email?: string, durationMinutes?: number): AuthenticateData
  /** Answers the next authenticate calls with these, in order, before normal service resumes. */
  authenticateFaults: FakeAnswer[]
  /** While set, every authenticate call gets this answer. */
  authenticateOutage: FakeAnswer | null
  /** Every JWT the provider minted, oldest first. */
  mintedJwts: string[]
  /** How far the provider's clock is ahead of the device's (negative: behind), in ms: every time it answers with moves by it. */
  clockSkewMs: number
  /** Session length granted by authenticate (minutes); the request's 60 unless set. */
  grantMinutes: number | null
  /** Answers the next events calls with these, in order. */
  eventsFaults: FakeAnswer[]
  /** Raw events per user id. */
  eventsByUser: Map<string, unknown[]>
  /** A user's addresses and phone numbers as the provider answers with them (else the sign-in's email). */
  usersById: Map<string, { emails: string[]; phoneNumbers: string[] }>
  /** Answers the next revoke calls with these, in order. */
  revokeFaults: FakeAnswer[]
  /** The provider's passkeys per user id, in the provider's shape. */
  passkeysByUser: Map<string, { webauthn_registration_id: string; name: string; domain: string }[]>
  /** Answers the next account calls (users/me and the WebAuthn routes) with these, in order. */
  accountFaults: FakeAnswer[]
  /** Runs as each request is answered, e.g. to let fake time pass (latency). */
  onAnswer: ((req: RecordedRequest) => void) | null
  /** Whether held requests reject when aborted (a real fetch does). */
  honourAbort: boolean
  /** Holds matching requests until the returned gate is released. */
  hold(match: (req: RecordedRequest) => boolean): Gate
  /** Requests to a path suffix, e.g. `/sessions/authenticate`. */
  callsTo(pathSuffix: string): RecordedRequest[]
  /** Whether the provider still has this session. */
  isAlive(sessionToken: string): boolean
}

function abortError(): Error {
  const error = new Error('The operation was aborted.')
  error.name = 'AbortError'
  return error
}

/** Creates the fake backend; time comes from `clock`, answers come in a microtask (or when a gate opens). */
export function createFakeBackend(
  clock: Clock,
  publicToken = 'public-token-test-fake',
): FakeBackend {
  const sessions = new Map<string, FakeSession>()
  const jwtOwners = new Map<string, string>()
  let counter = 0
  const gates: {
    match: (req: RecordedRequest) => boolean
    open: boolean
    wait: Promise<void>
    arrived: () => void
  }[] = []
  const waiting = new Set<{ key: string | undefined; reject: (error: Error) => void }>()

  function mintJwt(userId: string): string {
    const jwt = `jwt-${userId}-${++counter}`
    jwtOwners.set(jwt, userId)
    backend.mintedJwts.push(jwt)
    return jwt
  }

  /** The provider's answer: what the app reads (`AuthenticateData`) and the session's clock. */
  function authData(
    session: FakeSession,
  ): AuthenticateData & { session: { last_accessed_at: string } } {
    const user = backend.usersById.get(session.userId)
    return {
      session_token: session.token,
      session_jwt: mintJwt(session.userId),
      session: {
        expires_at: new Date(session.expiresAt + backend.clockSkewMs).toISOString(),
        session_id: session.id,
        // The provider's clock at the answer (the real one moves it on every authenticate).
        last_accessed_at: new Date(clock.now() + backend.clockSkewMs).toISOString(),
        authentication_factors: [
          { last_authenticated_at: new Date(session.factorAt + backend.clockSkewMs).toISOString() },
        ],
      },
      user: {
        user_id: session.userId,
        emails: (user?.emails ?? [session.email]).map((email) => ({ email })),
        ...(user
          ? { phone_numbers: user.phoneNumbers.map((number) => ({ phone_number: number })) }
          : {}),
      },
    }
  }

  function sessionFor(req: HttpRequest): FakeSession | undefined {
    const header = req.headers.Authorization
    for (const session of sessions.values()) {
      if (header === `Basic ${base64Encode(`${publicToken}:${session.token}`)}`) return session
    }
    return undefined
  }

  function unauthorized(): FakeAnswer {
    return json(404, {
      status_code: 404,
      error_type: 'session_not_found',
      error_message: 'Session could not be found.',
    })
  }

  /** The account routes the worker calls for the holder (passkeys), or null for another path. */
  function answerAccount(req: HttpRequest, path: string): FakeAnswer | null {
    const route = /\/sdk\/v1(\/users\/me|\/webauthn\/.*|\/users\/webauthn_registrations\/.*)$/.exec(
      path,
    )
    if (!route?.[1]) return null
    const fault = backend.accountFaults.shift()
    if (fault) return fault
    const session = sessionFor(req)
    if (!session || !session.alive || session.expiresAt <= clock.now()) return unauthorized()
    const passkeys = backend.passkeysByUser.get(session.userId) ?? []
    backend.passkeysByUser.set(session.userId, passkeys)
    const body = JSON.parse(req.body ?? '{}') as Record<string, unknown>
    const ok = (data: object) =>
      json(200, { data: { request_id: 'req', status_code: 200, ...data } })
    const [, , , id] = route[1].split('/')
    const route1 = route[1]
    if (route1 === '/users/me') {
      return ok({ user_id: session.userId, webauthn_registrations: passkeys })
    }
    if (route1 === '/webauthn/register/start') {
      const options = { challenge: `challenge-${++counter}`, rp: { id: body.domain } }
      return ok({
        user_id: session.userId,
        public_key_credential_creation_options: JSON.stringify(options),
      })
    }
    if (route1 === '/webauthn/register') {
      const registration = {
        webauthn_registration_id: `webauthn-registration-test-${++counter}`,
        name: '',
        domain: 'app.test',
      }
      passkeys.push(registration)
      return ok({
        ...authData(session),
        webauthn_registration_id: registration.webauthn_registration_id,
      })
    }
    const found = passkeys.find((passkey) => passkey.webauthn_registration_id === id)
    if (!found) {
      return json(404, {
        status_code: 404,
        error_type: 'webauthn_registration_not_found',
        error_message: 'WebAuthn registration could not be found.',
      })
    }
    if (req.method === 'PUT') {
      found.name = String(body.name)
      return ok({ webauthn_registration: found })
    }
    passkeys.splice(passkeys.indexOf(found), 1)
    return ok({ user_id: session.userId })
  }

  function answer(req: HttpRequest): FakeAnswer {
    const path = new URL(req.url).pathname
    const account = answerAccount(req, path)
    if (account) return account
    if (path.endsWith('/sdk/v1/sessions/authenticate')) {
      const fault = backend.authenticateFaults.shift() ?? backend.authenticateOutage
      if (fault) return fault
      const session = sessionFor(req)
      if (!session || !session.alive || session.expiresAt <= clock.now()) return unauthorized()
      const requested = (JSON.parse(req.body ?? '{}') as { session_duration_minutes?: number })
        .session_duration_minutes
      const minutes = backend.grantMinutes ?? requested ?? SESSION_DURATION_MINUTES
      session.expiresAt = clock.now() + minutes * 60_000
      return json(200, { data: { request_id: 'req', status_code: 200, ...authData(session) } })
    }
    if (path.endsWith('/sdk/v1/sessions/revoke')) {
      const session = sessionFor(req)
      if (session) session.alive = false
      return backend.revokeFaults.shift() ?? json(200, { data: { status_code: 200 } })
    }
    if (path.endsWith('/api/poap-events')) {
      const fault = backend.eventsFaults.shift()
      if (fault) return fault
      const jwt = (req.headers.Authorization ?? '').replace(/^Bearer /, '')
      const userId = jwtOwners.get(jwt)
      if (userId === undefined) return json(401, { message: 'Unauthorized' })
      return json(200, { data: backend.eventsByUser.get(userId) ?? [] })
    }
    return json(404, { message: 'Not found' })
  }

  async function request(req: HttpRequest): Promise<HttpResponse> {
    const recorded: RecordedRequest = { ...req, headers: { ...req.headers }, at: clock.now() }
    backend.requests.push(recorded)
    const gate = gates.find((g) => !g.open && g.match(recorded))
    await new Promise<void>((resolve, reject) => {
      const entry = { key: req.abortKey, reject }
      waiting.add(entry)
      const settle = () => {
        waiting.delete(entry)
        resolve()
      }
      if (gate) {
        gate.arrived()
        void gate.wait.then(settle)
      } else void Promise.resolve().then(settle)
    })
    backend.onAnswer?.(recorded)
    const result = answer(req)
    if ('fail' in result) {
      if (result.fail === 'timeout') {
        const error = new Error('The operation timed out.')
        error.name = 'TimeoutError'
        throw error
      }
      throw new TypeError('Failed to fetch')
    }
    // As the fetch adapter does: a body over the request's limit is never handed on.
    if (req.maxBodyBytes !== undefined && utf8Length(result.body) > req.maxBodyBytes) {
      throw new BodyTooLargeError(req.maxBodyBytes)
    }
    return {
      status: result.status,
      contentType: result.contentType ?? null,
      text: async () => result.body,
    }
  }

  const backend: FakeBackend = {
    http: {
      request,
      abort(key) {
        if (!backend.honourAbort) return
        for (const entry of [...waiting]) {
          if (entry.key === key) {
            waiting.delete(entry)
            entry.reject(abortError())
          }
        }
      },
    },
    requests: [],
    signIn(userId, email = `${userId}@example.com`, durationMinutes = SESSION_DURATION_MINUTES) {
      const session: FakeSession = {
        token: `session-token-${userId}-${++counter}-SECRET`,
        id: `session-test-${userId}-${counter}`,
        userId,
        email,
        expiresAt: clock.now() + durationMinutes * 60_000,
        alive: true,
        factorAt: clock.now(),
      }
      sessions.set(session.token, session)
      return authData(session)
    },
    authenticateFaults: [],
    authenticateOutage: null,
    clockSkewMs: 0,
    mintedJwts: [],
    grantMinutes: null,
    eventsFaults: [],
    eventsByUser: new Map(),
    usersById: new Map(),
    revokeFaults: [],
    passkeysByUser: new Map(),
    accountFaults: [],
    onAnswer: null,
    honourAbort: true,
    hold(match) {
      let open!: () => void
      let arrived!: () => void
      const wait = new Promise<void>((resolve) => (open = resolve))
      const reached = new Promise<void>((resolve) => (arrived = resolve))
      const gate = { match, open: false, wait, arrived }
      gates.push(gate)
      return {
        release() {
          gate.open = true
          open()
        },
        reached,
      }
    },
    callsTo(pathSuffix) {
      return backend.requests.filter((req) => new URL(req.url).pathname.endsWith(pathSuffix))
    },
    isAlive(token) {
      return sessions.get(token)?.alive ?? false
    },
  }
  return backend
}
