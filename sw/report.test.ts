/** The worker reports through one listening tab, until a tab says it took the report. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROTOCOL_VERSION as v, TAB_MESSAGE, type ReportMessage } from '../src/core/protocol.ts'

interface FakeTab {
  id: string
  type: 'window'
  focused: boolean
  visibilityState: string
  postMessage: ReturnType<typeof vi.fn>
}
const open: FakeTab[] = []
vi.stubGlobal('self', { clients: { matchAll: () => Promise.resolve(open) } })
const { reportFromWorker, tabSpoke, workerSecrets } = await import('./report.ts')

let count = 0
const tab = (focused = false): FakeTab => ({
  id: `tab-${++count}`,
  type: 'window',
  focused,
  visibilityState: 'visible',
  postMessage: vi.fn(),
})
const asClient = (client: FakeTab) => client as unknown as Client
const hello = (client: FakeTab) => tabSpoke(asClient(client), { v, type: TAB_MESSAGE.hello })
/** The tab says it took every report it was given. */
const took = (client: FakeTab) => {
  for (const [report] of client.postMessage.mock.calls as [ReportMessage][]) {
    tabSpoke(asClient(client), { v, type: TAB_MESSAGE.reportReceived, id: report.id })
  }
}
/** Every delivery under way has run its course, and any that a timer could start as well. */
const settle = () => vi.advanceTimersByTimeAsync(60_000)

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  for (const client of open) took(client)
  open.length = 0
})

describe('reportFromWorker', () => {
  it('posts to the focused tab among those that spoke, and to no other', async () => {
    const [other, focused] = [tab(), tab(true)]
    open.push(other, focused)
    hello(other)
    hello(focused)
    reportFromWorker(new Error('boom'), { op: 'poap-events' })
    await vi.waitFor(() => expect(focused.postMessage).toHaveBeenCalledOnce())
    expect(focused.postMessage.mock.calls[0]?.[0]).toMatchObject({
      type: 'report',
      message: 'boom',
      context: { op: 'poap-events' },
    })
    expect(other.postMessage).not.toHaveBeenCalled()
  })

  it('never posts to a page still loading (not yet spoken): the report waits for it', async () => {
    const loading = tab(true)
    open.push(loading)
    reportFromWorker(new Error('between pages'), { op: 'poap-events-data' })
    await settle()
    expect(loading.postMessage).not.toHaveBeenCalled()
    hello(loading)
    await vi.waitFor(() => expect(loading.postMessage).toHaveBeenCalledOnce())
    expect(loading.postMessage.mock.calls[0]?.[0]).toMatchObject({ message: 'between pages' })
  })

  it('posts a report again only when its tab went away without taking it', async () => {
    const leaving = tab(true)
    open.push(leaving)
    hello(leaving)
    reportFromWorker(new Error('lost in a navigation'), {})
    await vi.waitFor(() => expect(leaving.postMessage).toHaveBeenCalledOnce())

    // Another tab speaks while the first is still open: the report stays with the first.
    const next = tab()
    open.push(next)
    hello(next)
    await settle()
    expect(next.postMessage).not.toHaveBeenCalled()

    // The first tab closes without a word: the next tab to speak gets the report.
    open.splice(open.indexOf(leaving), 1)
    hello(next)
    await vi.waitFor(() => expect(next.postMessage).toHaveBeenCalledOnce())
    took(next)
    hello(next)
    await settle()
    expect(next.postMessage).toHaveBeenCalledOnce()
  })

  it('posts nothing the worker knows: its secrets in any encoding, then the patterns (issue 23)', async () => {
    const token = 'mZAYn5aLEqKUlZ_Ad9U_fWr38GaAQ1oFAhT8ds245v7Q'
    const email = 'josé@exämple.com'
    workerSecrets.set('engine', [token, email, 'user-test-1234'])
    const focused = tab(true)
    open.push(focused)
    hello(focused)
    const basic = btoa(`public-token-test-local:${token}`)
    const error = new Error(`HTTP 400 bad_${token} Basic ${basic} for ${encodeURIComponent(email)}`)
    error.stack = `Error: x${token}\n    at user-test-1234`
    reportFromWorker(error, { op: 'reauthenticate', detail: `u=${token}` })
    await vi.waitFor(() => expect(focused.postMessage).toHaveBeenCalledOnce())
    const posted = JSON.stringify(focused.postMessage.mock.calls[0]?.[0])
    for (const secret of [token, basic.slice(20, 60), 'jos', 'user-test-1234']) {
      expect(posted).not.toContain(secret)
    }
    expect(posted).toContain('HTTP 400 bad_')
    workerSecrets.set('engine', [])
  })
})
