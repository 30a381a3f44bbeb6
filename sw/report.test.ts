/** The worker reports through one tab; with no tab open, the report waits for the next one. */
import { afterEach, describe, expect, it, vi } from 'vitest'

const open: {
  type: 'window'
  focused: boolean
  visibilityState: string
  postMessage: ReturnType<typeof vi.fn>
}[] = []
vi.stubGlobal('self', { clients: { matchAll: () => Promise.resolve(open) } })
const { deliverWaitingReports, reportFromWorker } = await import('./report.ts')

const tab = (focused = false) => ({
  type: 'window' as const,
  focused,
  visibilityState: 'visible',
  postMessage: vi.fn(),
})

afterEach(() => {
  open.length = 0
})

describe('reportFromWorker', () => {
  it('posts to the focused tab only', async () => {
    const [other, focused] = [tab(), tab(true)]
    open.push(other, focused)
    reportFromWorker(new Error('boom'), { op: 'poap-events' })
    await vi.waitFor(() => expect(focused.postMessage).toHaveBeenCalledOnce())
    expect(focused.postMessage.mock.calls[0]?.[0]).toMatchObject({
      type: 'report',
      message: 'boom',
      context: { op: 'poap-events' },
    })
    expect(other.postMessage).not.toHaveBeenCalled()
  })

  it('keeps a report made between two pages for the next tab that speaks, once', async () => {
    reportFromWorker(new Error('between pages'), { op: 'poap-events-data' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const next = tab(true)
    deliverWaitingReports(next as unknown as Client)
    expect(next.postMessage).toHaveBeenCalledOnce()
    expect(next.postMessage.mock.calls[0]?.[0]).toMatchObject({ message: 'between pages' })
    const later = tab(true)
    deliverWaitingReports(later as unknown as Client)
    expect(later.postMessage).not.toHaveBeenCalled()
  })
})
