/** The SDK headers are built as the SDK's NetworkClient builds them, from injected inputs only. */
import { describe, expect, it } from 'vitest'
import {
  currentTimeZone,
  SDK_IDENTIFIER,
  sdkRequestHeaders,
  sdkTelemetry,
  type SdkCall,
  type SdkCaller,
} from './sdk-client-headers.ts'
import { createFakeIds } from './testing/fake-ids.ts'

const caller: SdkCaller = {
  publicToken: 'public-token-test-abc',
  appOrigin: 'https://cards.example:8443',
  appHostname: 'cards.example',
  sdkVersion: '6.3.0',
}

function call(overrides: Partial<SdkCall> = {}): SdkCall {
  return {
    session: { sessionToken: 'token-1', userId: 'user-test-1', sessionId: 'session-test-1' },
    now: Date.UTC(2025, 0, 2, 3, 4, 5, 6),
    timeZone: 'Europe/Berlin',
    newId: createFakeIds(),
    ...overrides,
  }
}

function decode(header: string | undefined): unknown {
  return JSON.parse(atob(header ?? ''))
}

describe('sdkTelemetry', () => {
  it('has the SDK’s keys, in its order, with its id prefixes and names', () => {
    const telemetry = sdkTelemetry(caller, call())
    expect(Object.keys(telemetry)).toEqual([
      'event_id',
      'app_session_id',
      'persistent_id',
      'client_sent_at',
      'timezone',
      'stytch_user_id',
      'stytch_session_id',
      'app',
      'sdk',
    ])
    expect(telemetry).toEqual({
      event_id: 'event-id-00000000-0000-4000-8000-000000000001',
      app_session_id: 'app-session-id-00000000-0000-4000-8000-000000000002',
      persistent_id: 'persistent-id-00000000-0000-4000-8000-000000000003',
      client_sent_at: '2025-01-02T03:04:05.006Z',
      timezone: 'Europe/Berlin',
      stytch_user_id: 'user-test-1',
      stytch_session_id: 'session-test-1',
      app: { identifier: 'cards.example' },
      sdk: { identifier: SDK_IDENTIFIER, version: '@stytch/vanilla-js@6.3.0' },
    })
  })

  it('leaves out an unknown session id, as JSON.stringify drops the SDK’s undefined', () => {
    const session = { sessionToken: 't', userId: 'u', sessionId: null }
    const decoded = decode(sdkRequestHeaders(caller, call({ session }))['X-SDK-Client'])
    expect(decoded).not.toHaveProperty('stytch_session_id')
    expect(decoded).toHaveProperty('stytch_user_id', 'u')
  })
})

describe('sdkRequestHeaders', () => {
  it('sends the SDK’s four headers, in its order', () => {
    const headers = sdkRequestHeaders(caller, call())
    expect(Object.keys(headers)).toEqual([
      'Authorization',
      'Content-Type',
      'X-SDK-Client',
      'X-SDK-Parent-Host',
    ])
    expect(headers.Authorization).toBe(`Basic ${btoa('public-token-test-abc:token-1')}`)
    expect(headers['Content-Type']).toBe('application/json')
    expect(headers['X-SDK-Parent-Host']).toBe('https://cards.example:8443')
  })

  it('encodes the telemetry exactly as the SDK’s btoa(JSON.stringify(…)) does', () => {
    const headers = sdkRequestHeaders(caller, call())
    expect(headers['X-SDK-Client']).toBe(btoa(JSON.stringify(sdkTelemetry(caller, call()))))
    expect(decode(headers['X-SDK-Client'])).toEqual(sdkTelemetry(caller, call()))
  })

  it('draws fresh ids for every call', () => {
    const newId = createFakeIds()
    const first = sdkTelemetry(caller, call({ newId }))
    const second = sdkTelemetry(caller, call({ newId }))
    expect(second.event_id).not.toBe(first.event_id)
    expect(second.app_session_id).not.toBe(first.app_session_id)
    expect(second.persistent_id).not.toBe(first.persistent_id)
  })
})

describe('currentTimeZone', () => {
  it('is the host’s resolved IANA zone', () => {
    expect(currentTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(currentTimeZone()).not.toBe('')
  })
})
