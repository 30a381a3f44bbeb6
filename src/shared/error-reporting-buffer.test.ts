/** Reports wait in a bounded buffer until the SDK loads; with no DSN nothing is loaded or kept. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createErrorReporting,
  MAX_BUFFERED_REPORTS,
  type CarriedReport,
  type LoadedReporter,
  type ReportCarrier,
} from './error-reporting-buffer.ts'

const DSN = 'http://public@127.0.0.1:8789/1'

/** A fake SDK that records what it was given. */
function fakeSdk() {
  const captured: { error: unknown; context: Record<string, unknown> }[] = []
  const sdk: LoadedReporter = { capture: (error, context) => captured.push({ error, context }) }
  return { sdk, captured, load: vi.fn(() => Promise.resolve(sdk)) }
}

/** Dispatches an uncaught-error event the way the browser does, without the console noise. */
function uncaught(target: EventTarget, error: Error) {
  target.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
}

function unhandled(target: EventTarget, reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason: unknown }
  event.reason = reason
  target.dispatchEvent(event)
}

describe('createErrorReporting', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends what was reported before the SDK loaded, in order, once loaded', async () => {
    const { load, captured } = fakeSdk()
    const reporting = createErrorReporting({ dsn: DSN, load, target: new EventTarget() as never })
    const first = new Error('first')
    reporting.reportError(first, { op: 'poap-events' })
    reporting.reportError('second')
    expect(load).not.toHaveBeenCalled()
    expect(captured).toEqual([])

    await reporting.start()
    expect(load).toHaveBeenCalledOnce()
    expect(captured).toEqual([
      { error: first, context: { op: 'poap-events' } },
      { error: 'second', context: {} },
    ])
    reporting.reportError('third', { op: 'x' })
    expect(captured.at(-1)).toEqual({ error: 'third', context: { op: 'x' } })
  })

  it('buffers uncaught errors and unhandled rejections heard before the SDK loaded', async () => {
    const target = new EventTarget()
    const { load, captured } = fakeSdk()
    const reporting = createErrorReporting({ dsn: DSN, load, target: target as never })
    const boom = new Error('boom')
    uncaught(target, boom)
    unhandled(target, 'rejected')
    await reporting.start()
    expect(captured).toEqual([
      { error: boom, context: { mechanism: 'onerror' } },
      { error: 'rejected', context: { mechanism: 'onunhandledrejection' } },
    ])
    // The SDK hears later ones itself: ours stop listening, so nothing is sent twice.
    uncaught(target, new Error('later'))
    expect(captured).toHaveLength(2)
  })

  it(`keeps at most ${MAX_BUFFERED_REPORTS} early reports (the first ones) and counts the rest`, async () => {
    const { load, captured } = fakeSdk()
    const reporting = createErrorReporting({ dsn: DSN, load, target: new EventTarget() as never })
    for (let index = 0; index < MAX_BUFFERED_REPORTS + 5; index++) {
      reporting.reportError(new Error(`e${index}`))
    }
    expect(reporting.dropped).toBe(5)
    await reporting.start()
    expect(captured).toHaveLength(MAX_BUFFERED_REPORTS)
    expect((captured[0]?.error as Error).message).toBe('e0')
  })

  it('loads the SDK once however often it is started', async () => {
    const { load } = fakeSdk()
    const reporting = createErrorReporting({ dsn: DSN, load, target: new EventTarget() as never })
    await Promise.all([reporting.start(), reporting.start()])
    await reporting.start()
    expect(load).toHaveBeenCalledOnce()
  })

  it('with an empty DSN loads nothing, listens to nothing and keeps nothing', async () => {
    const target = new EventTarget()
    const listen = vi.spyOn(target, 'addEventListener')
    const { load } = fakeSdk()
    const reporting = createErrorReporting({ dsn: '', load, target: target as never })
    reporting.reportError(new Error('ignored'))
    await reporting.start()
    expect(load).not.toHaveBeenCalled()
    expect(listen).not.toHaveBeenCalled()
    expect(reporting.dropped).toBe(0)
  })

  it('gives up quietly when the SDK cannot load (offline), and stops buffering', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const target = new EventTarget()
    const stop = vi.spyOn(target, 'removeEventListener')
    const load = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )
    const reporting = createErrorReporting({ dsn: DSN, load, target: target as never })
    reporting.reportError(new Error('early'))
    await reporting.start()
    expect(warn).toHaveBeenCalledWith('Error reporting unavailable', expect.any(TypeError))
    expect(stop).toHaveBeenCalledTimes(3) // error, unhandledrejection, pagehide
    for (let index = 0; index < 50; index++) reporting.reportError(new Error('later'))
    expect(reporting.dropped).toBe(0)
  })

  it('carries reports still waiting when the page goes away to the next page, which sends them', async () => {
    let kept: CarriedReport[] = []
    const carrier: ReportCarrier = {
      save: (reports) => (kept = reports),
      take: () => kept.splice(0),
    }
    const leaving = new EventTarget()
    const first = createErrorReporting({
      dsn: DSN,
      load: fakeSdk().load,
      target: leaving as never,
      carrier,
    })
    const error = new TypeError('worker said so')
    first.reportError(error, { op: 'poap-events-data', source: 'worker' })
    first.reportError('plain text')
    leaving.dispatchEvent(new Event('pagehide'))
    expect(kept).toEqual([
      {
        name: 'TypeError',
        message: 'worker said so',
        stack: error.stack,
        context: { op: 'poap-events-data', source: 'worker' },
      },
      { name: 'Error', message: 'plain text', context: {} },
    ])

    const { load, captured } = fakeSdk()
    const next = createErrorReporting({
      dsn: DSN,
      load,
      target: new EventTarget() as never,
      carrier,
    })
    expect(kept).toEqual([])
    await next.start()
    expect(captured.map(({ error: sent, context }) => [String(sent), context])).toEqual([
      ['TypeError: worker said so', { op: 'poap-events-data', source: 'worker' }],
      ['Error: plain text', {}],
    ])
  })

  it('carries nothing once the SDK has the reports', async () => {
    const save = vi.fn()
    const target = new EventTarget()
    const reporting = createErrorReporting({
      dsn: DSN,
      load: fakeSdk().load,
      target: target as never,
      carrier: { save, take: () => [] },
    })
    reporting.reportError('sent')
    await reporting.start()
    target.dispatchEvent(new Event('pagehide'))
    expect(save).not.toHaveBeenCalled()
  })

  it('says once when the first report waits for the SDK, so the app can load it sooner', async () => {
    const onFirstReport = vi.fn()
    const target = new EventTarget()
    const reporting = createErrorReporting({
      dsn: DSN,
      load: fakeSdk().load,
      target: target as never,
      onFirstReport,
    })
    expect(onFirstReport).not.toHaveBeenCalled()
    reporting.reportError('first')
    uncaught(target, new Error('second'))
    expect(onFirstReport).toHaveBeenCalledOnce()
    await reporting.start()
    reporting.reportError('after')
    expect(onFirstReport).toHaveBeenCalledOnce()
  })

  it('says so at once when the last page carried reports over', () => {
    const onFirstReport = vi.fn()
    const carried: CarriedReport = { name: 'Error', message: 'carried', context: {} }
    createErrorReporting({
      dsn: DSN,
      load: fakeSdk().load,
      target: new EventTarget() as never,
      carrier: { save: () => {}, take: () => [carried] },
      onFirstReport,
    })
    expect(onFirstReport).toHaveBeenCalledOnce()
  })

  it('says nothing with an empty DSN', () => {
    const onFirstReport = vi.fn()
    const reporting = createErrorReporting({
      dsn: '',
      load: fakeSdk().load,
      target: new EventTarget() as never,
      onFirstReport,
    })
    reporting.reportError('ignored')
    expect(onFirstReport).not.toHaveBeenCalled()
  })
})
