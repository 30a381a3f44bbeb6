/**
 * The engine's calls to the provider, each made as the SDK itself would make it (its headers and
 * telemetry, decision 004): re-authenticate, revoke, and the holder's account calls. One helper
 * sends them all; none ever throws (no answer is an outcome like any other).
 */
import {
  accountRequest,
  readProviderAnswer,
  type AccountRequest,
  type ProviderAnswer,
} from './account-calls.ts'
import { type AccountCall } from './account-messages.ts'
import { PROVIDER_API_PREFIX, SESSION_ABORT_KEY, SESSION_DURATION_MINUTES } from './constants.ts'
import type { EngineConfig } from './engine-config.ts'
import type { EnginePorts, HttpResponse } from './ports.ts'
import {
  classifyAuthenticateResponse,
  classifyStepUp,
  type AuthenticateOutcome,
  type StepUpOutcome,
} from './authenticate-response.ts'
import type { AuthenticatedSession } from './provider-session.ts'
import { currentTimeZone, sdkRequestHeaders } from './sdk-client-headers.ts'

/** The session a call is made with: its token authorises it, its ids go in the telemetry. */
export type CallingSession = Pick<AuthenticatedSession, 'sessionToken' | 'userId' | 'sessionId'>

/** The provider calls the engine makes. */
export interface ProviderCalls {
  /** Re-authenticates `session` (the hand-off's check, or the schedule's call). */
  authenticate(session: CallingSession): Promise<AuthenticateOutcome>
  /**
   * Re-authenticates `session` for an account change: the answer says whether the holder signed in
   * within `freshMs` (by the provider's factors and clock).
   */
  stepUp(session: CallingSession, freshMs: number): Promise<StepUpOutcome>
  /** Revokes `session`, best effort: a failure is logged, never thrown. */
  revoke(session: CallingSession): Promise<void>
  /** One call on the holder's account; no answer reads as unreachable. */
  account(session: CallingSession, call: AccountCall): Promise<ProviderAnswer>
}

export function createProviderCalls(
  ports: Pick<EnginePorts, 'http' | 'clock' | 'newId' | 'logger'>,
  config: EngineConfig,
): ProviderCalls {
  const { http, clock, logger } = ports
  const base = `${config.providerUrl.replace(/\/+$/, '')}${PROVIDER_API_PREFIX}`

  /**
   * Sends one call with the SDK's headers, within the provider deadline. An abortable call ends
   * when the session does (a sign-out or a new hand-off aborts `SESSION_ABORT_KEY`).
   */
  function send(
    session: CallingSession,
    request: AccountRequest & { abortable: boolean },
  ): Promise<HttpResponse> {
    return http.request({
      url: `${base}${request.path}`,
      method: request.method,
      headers: sdkRequestHeaders(config, {
        session,
        now: clock.now(),
        timeZone: currentTimeZone(),
        newId: ports.newId,
      }),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      timeoutMs: config.timing.providerTimeoutMs,
      ...(request.abortable ? { abortKey: SESSION_ABORT_KEY } : {}),
    })
  }

  /** The authenticate call's answer, or the outcome of having none. */
  async function authenticateAnswer(
    session: CallingSession,
  ): Promise<
    | { status: number; contentType: string | null; text: string }
    | { outcome: AuthenticateOutcome & { kind: 'recoverable' } }
  > {
    try {
      const response = await send(session, {
        method: 'POST',
        path: '/sessions/authenticate',
        body: { session_duration_minutes: SESSION_DURATION_MINUTES },
        abortable: true,
      })
      const text = await response.text()
      return { status: response.status, contentType: response.contentType, text }
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error'
      return {
        outcome: {
          kind: 'recoverable',
          reason: `no response (${name})`,
          status: null,
          unexpected: false,
        },
      }
    }
  }

  return {
    async authenticate(session) {
      const answer = await authenticateAnswer(session)
      return 'outcome' in answer
        ? answer.outcome
        : classifyAuthenticateResponse(answer.status, answer.contentType, answer.text)
    },

    async stepUp(session, freshMs) {
      const answer = await authenticateAnswer(session)
      return 'outcome' in answer
        ? answer.outcome
        : classifyStepUp(answer.status, answer.contentType, answer.text, clock.now(), freshMs)
    },

    async revoke(session) {
      try {
        // Not abortable: it runs as the session ends, when its calls are aborted.
        const response = await send(session, {
          method: 'POST',
          path: '/sessions/revoke',
          body: {},
          abortable: false,
        })
        await response.text()
        if (response.status > 299) {
          logger.warn('Error revoking session', { status: response.status })
        }
      } catch (error) {
        logger.warn('Error revoking session', {
          error: error instanceof Error ? error.name : 'Error',
        })
      }
    },

    async account(session, call) {
      const request = accountRequest(call, {
        domain: config.appHostname,
        userAgent: config.userAgent,
      })
      try {
        const response = await send(session, { ...request, abortable: true })
        return readProviderAnswer(response.status, response.contentType, await response.text())
      } catch {
        return { ok: false, failure: { kind: 'unreachable' }, endedBy: null }
      }
    },
  }
}
