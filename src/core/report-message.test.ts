/** The worker's error reports: what they keep of an error and its context, and that they read back. */
import { describe, expect, it } from 'vitest'
import { parseWorkerMessage, PROTOCOL_VERSION as v, WORKER_MESSAGE } from './protocol.ts'
import { toReportMessage } from './report-message.ts'

describe('toReportMessage', () => {
  it('keeps an error’s name, message and stack, and round-trips through the validator', () => {
    const error = new TypeError('events: expected an array')
    const message = toReportMessage(error, { op: 'poap-events' }, 'report-1')
    expect(message).toMatchObject({
      v,
      type: WORKER_MESSAGE.report,
      id: 'report-1',
      name: 'TypeError',
      message: 'events: expected an array',
      context: { op: 'poap-events' },
    })
    expect(message.stack).toContain('events: expected an array')
    expect(parseWorkerMessage(JSON.parse(JSON.stringify(message)))).toEqual(message)
  })

  it('leaves out context fields that name a credential, tap data or the holder’s address', () => {
    const context = { op: 'x', session_token: 's', accessJwt: 'j', uid: '04', email: 'a@b.c' }
    const message = toReportMessage(new Error('x'), context, 'r')
    expect(message.context).toEqual({ op: 'x' })
    expect(parseWorkerMessage({ ...message, context })).toEqual(message)
  })

  it('turns anything thrown into text and cuts long texts', () => {
    expect(toReportMessage('boom', {}, 'r')).toMatchObject({
      name: 'Error',
      message: 'boom',
      stack: null,
    })
    // A value String() cannot convert: the reporter must not throw inside the engine's catch.
    expect(toReportMessage(Object.create(null), {}, 'r').message).toBe('[object Object]')
    const long = toReportMessage(new Error('x'.repeat(10_000)), {}, 'r')
    expect(long.message).toHaveLength(2000)
    expect(long.stack?.length).toBeLessThanOrEqual(8000)
  })
})
