/** Sessions: start, look up by token, extend, and the authenticate response with a fresh JWT. */
import { rfc3339 } from '../clock.ts'
import type { ProviderContext } from './context.ts'
import { ProviderError } from './errors.ts'
import { newId, newSecret } from './ids.ts'
import { mintSessionJwt } from './session-jwt.ts'
import type { Factor, ProviderState, SessionRecord, UserRecord } from './state.ts'
import { userObject } from './users.ts'

const MIN_SESSION_MINUTES = 5
const MAX_SESSION_MINUTES = 527_040

/** Checks `session_duration_minutes` (if given) against the provider's range. */
export function sessionMinutes(minutes: number | undefined): number | undefined {
  if (minutes === undefined) return undefined
  if (
    !Number.isInteger(minutes) ||
    minutes < MIN_SESSION_MINUTES ||
    minutes > MAX_SESSION_MINUTES
  ) {
    throw new ProviderError(
      400,
      'invalid_session_duration_minutes',
      `session_duration_minutes must be an integer from ${MIN_SESSION_MINUTES} to ${MAX_SESSION_MINUTES}.`,
    )
  }
  return minutes
}

/**
 * A sign-in that asked for no session: the provider proves the factor and creates none ("If you
 * provide this field, the response will include values for session, session_token and
 * session_jwt"; left blank, "no session created").
 */
export interface NoSession {
  user_id: string
  session_token?: undefined
}

/**
 * Creates a session for `user` proven by `factor`, lasting `minutes`; none when the caller gave
 * no `session_duration_minutes` (`minutes` undefined), as the provider does.
 */
export function startSession(
  ctx: ProviderContext,
  state: ProviderState,
  user: UserRecord,
  factor: Factor,
  minutes: number | undefined,
): SessionRecord | NoSession {
  if (minutes === undefined) return { user_id: user.user_id }
  const now = ctx.clock.now()
  const session: SessionRecord = {
    session_id: newId('session'),
    session_token: newSecret(),
    user_id: user.user_id,
    started_at: rfc3339(now),
    last_accessed_at: rfc3339(now),
    expires_at: rfc3339(now + minutes * 60_000),
    factors: [factor],
  }
  state.sessions[session.session_token] = session
  return session
}

/** The live session for `token`, or 404 `session_not_found` (expired sessions are dropped). */
export function liveSession(ctx: ProviderContext, token: string): SessionRecord {
  const session = ctx.store.data.sessions[token]
  if (session && Date.parse(session.expires_at) > ctx.clock.now()) return session
  if (session) ctx.store.update((state) => delete state.sessions[token])
  throw new ProviderError(404, 'session_not_found', 'Session could not be found.')
}

/** The provider's Session object. */
export function sessionObject(session: SessionRecord): Record<string, unknown> {
  return {
    session_id: session.session_id,
    user_id: session.user_id,
    started_at: session.started_at,
    last_accessed_at: session.last_accessed_at,
    expires_at: session.expires_at,
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: session.factors,
    custom_claims: null,
    roles: [],
  }
}

/**
 * The authenticate response fields (`session_token`, a fresh `session_jwt`, `session`, `user`,
 * ...); for a sign-in without a session, the provider's empty ones (`""`, `""`, `null`).
 */
export async function authenticateData(
  ctx: ProviderContext,
  session: SessionRecord | NoSession,
): Promise<Record<string, unknown>> {
  const stored = ctx.store.data.users[session.user_id]
  if (!stored) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
  if (session.session_token === undefined) {
    const user = userObject(stored)
    return {
      user_id: session.user_id,
      session_token: '',
      session_jwt: '',
      session: null,
      user,
      __user: user,
    }
  }
  const claim = {
    id: session.session_id,
    started_at: session.started_at,
    last_accessed_at: session.last_accessed_at,
    expires_at: session.expires_at,
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: session.factors,
    roles: [],
  }
  const jwt = await mintSessionJwt(
    ctx.key,
    ctx.config.projectId,
    session.user_id,
    claim,
    ctx.clock.now(),
  )
  const user = userObject(stored)
  return {
    user_id: session.user_id,
    session_token: session.session_token,
    session_jwt: jwt,
    session: sessionObject(session),
    user,
    __user: user,
  }
}
