/** `POST /sessions/authenticate`, `POST /sessions/revoke` and `GET /users/me`. */
import { rfc3339 } from '../clock.ts'
import type { Route } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { ProviderError } from './errors.ts'
import { readFields } from './fields.ts'
import { sdkRoute } from './sdk-route.ts'
import { authenticateData, liveSession, sessionMinutes } from './sessions.ts'
import { userObject } from './users.ts'

/** The session and user routes of the emulator. */
export function sessionRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/sessions/authenticate', async (req, auth) => {
      const fields = readFields(req, { session_duration_minutes: 'number?' })
      const minutes = sessionMinutes(fields.session_duration_minutes)
      const session = liveSession(ctx, auth.secret)
      ctx.store.update(() => {
        const now = ctx.clock.now()
        session.last_accessed_at = rfc3339(now)
        // Without a duration the expiry stays where it was.
        if (minutes !== undefined) session.expires_at = rfc3339(now + minutes * 60_000)
      })
      return authenticateData(ctx, session)
    }),

    sdkRoute(ctx, 'POST', '/sessions/revoke', (req, auth) => {
      readFields(req, {})
      const session = liveSession(ctx, auth.secret)
      ctx.store.update((state) => delete state.sessions[session.session_token])
      return {}
    }),

    sdkRoute(ctx, 'GET', '/users/me', (_req, auth) => {
      const session = liveSession(ctx, auth.secret)
      const user = ctx.store.data.users[session.user_id]
      if (!user) throw new ProviderError(404, 'user_not_found', 'User could not be found.')
      return userObject(user)
    }),
  ]
}
