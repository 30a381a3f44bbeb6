/** Starts the stack in-process for a test file: ephemeral ports, a temporary data folder, no output. */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack, type Stack, type StackOptions } from '../stack.ts'
import { PAGE_URL } from './sdk-in-jsdom.ts'

/** The app origin test stacks serve by default: the page the SDK runs on in jsdom. */
export const TEST_APP_ORIGIN = new URL(PAGE_URL).origin

/** How `sdk()` calls: body, session, method, and the SDK headers (`null` leaves one out). */
export interface SdkCallInit {
  body?: unknown
  rawBody?: string
  sessionToken?: string
  method?: string
  /** `X-SDK-Client`; default: the SDK's telemetry, base64-encoded as the SDK does. */
  sdkClient?: string | null
  /** `X-SDK-Parent-Host`; default: the stack's app origin. */
  parentHost?: string | null
}

/** A test stack; `close` also deletes its data folder unless `keepData` is set. */
export interface TestStack extends Stack {
  /**
   * Calls an SDK endpoint as the SDK would: the project's public token as Basic auth (or a session
   * token) and the `X-SDK-*` headers, which `init` can change or leave out.
   */
  sdk(path: string, init?: SdkCallInit): Promise<Response>
  /** The newest code sent to `email`. */
  latestCode(email: string): Promise<string>
  /** The newest magic link sent to `email`. */
  latestLink(email: string): Promise<string>
  /** The newest text-message code sent to `phoneNumber`. */
  latestSmsCode(phoneNumber: string): Promise<string>
  /** Signs `email` in with a code over plain HTTP; returns the authenticate response's `data`. */
  signIn(email: string, minutes?: number): Promise<SignedIn>
}

/** The parts of an authenticate response the tests use. */
export interface SignedIn {
  user_id: string
  session_token: string
  session_jwt: string
  session: { session_id: string; expires_at: string; last_accessed_at: string }
}

/** `X-SDK-Client` as the SDK 6.3.0 builds it: base64 of its telemetry JSON. */
export function sdkClientHeader(appHostname = new URL(TEST_APP_ORIGIN).hostname): string {
  const telemetry = {
    event_id: `event-id-${randomUUID()}`,
    app_session_id: `app-session-id-${randomUUID()}`,
    persistent_id: `persistent-id-${randomUUID()}`,
    client_sent_at: new Date().toISOString(),
    timezone: 'UTC',
    app: { identifier: appHostname },
    sdk: { identifier: 'Stytch.js Javascript SDK', version: '@stytch/vanilla-js@6.3.0' },
  }
  return Buffer.from(JSON.stringify(telemetry)).toString('base64')
}

/** A fresh temporary data folder. */
export function tempDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'iyk-stack-'))
}

/**
 * Starts a quiet stack on free ports, serving the jsdom page's origin (so the real SDK passes the
 * strict checks); pass `dataDir` to reuse a folder (restart tests).
 */
export async function startTestStack(
  options: Partial<StackOptions> & { keepData?: boolean } = {},
): Promise<TestStack> {
  const { keepData = false, ...rest } = options
  const dataDir = rest.dataDir ?? (await tempDataDir())
  const stack = await startStack({
    providerPort: 0,
    cardsPort: 0,
    sinkPort: 0,
    appUrl: TEST_APP_ORIGIN,
    quiet: true,
    ...rest,
    dataDir,
  })

  async function inbox(email: string) {
    const response = await fetch(
      `${stack.provider.url}/_dev/inbox?email=${encodeURIComponent(email)}`,
    )
    const body = (await response.json()) as { messages: { code?: string; link?: string }[] }
    return body.messages
  }

  async function sdk(path: string, init: SdkCallInit = {}) {
    const secret = init.sessionToken ?? stack.publicToken
    const basic = Buffer.from(`${stack.publicToken}:${secret}`).toString('base64')
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
    const origin = stack.appOrigins[0] ?? TEST_APP_ORIGIN
    const client = init.sdkClient === undefined ? sdkClientHeader() : init.sdkClient
    const parentHost = init.parentHost === undefined ? origin : init.parentHost
    return fetch(`${stack.provider.url}/sdk/v1${path}`, {
      method: init.method ?? 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/json',
        ...(client === null ? {} : { 'x-sdk-client': client }),
        ...(parentHost === null ? {} : { 'x-sdk-parent-host': parentHost }),
      },
      body,
    })
  }

  async function latestCode(email: string) {
    const code = (await inbox(email)).find((message) => message.code)?.code
    if (!code) throw new Error(`no code in the inbox for ${email}`)
    return code
  }

  return {
    ...stack,
    close: async () => {
      await stack.close()
      if (!keepData) await rm(dataDir, { recursive: true, force: true })
    },
    sdk,
    latestCode,
    latestSmsCode: async (phoneNumber) => {
      const response = await fetch(
        `${stack.provider.url}/_dev/inbox?phone_number=${encodeURIComponent(phoneNumber)}`,
      )
      const { messages } = (await response.json()) as { messages: { code?: string }[] }
      const code = messages.find((message) => message.code)?.code
      if (!code) throw new Error(`no text message in the inbox for ${phoneNumber}`)
      return code
    },
    latestLink: async (email) => {
      const link = (await inbox(email)).find((message) => message.link)?.link
      if (!link) throw new Error(`no magic link in the inbox for ${email}`)
      return link
    },
    signIn: async (email, minutes = 60) => {
      const sent = await sdk('/otps/email/login_or_create', { body: { email } })
      const { method_id } = ((await sent.json()) as { data: { method_id: string } }).data
      const token = await latestCode(email)
      const response = await sdk('/otps/authenticate', {
        body: { token, method_id, session_duration_minutes: minutes },
      })
      if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`)
      return ((await response.json()) as { data: SignedIn }).data
    },
  }
}
