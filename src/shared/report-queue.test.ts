/** Sign-out forgets the reports the SDK queued offline, and makes no database where there is none. */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BrowserOptions } from '@sentry/react'
import { sentryOptions } from './error-reporting-sentry.ts'
import { forgetQueuedReports, REPORT_QUEUE_DATABASE, REPORT_QUEUE_STORE } from './report-queue.ts'

type Envelope = Parameters<ReturnType<NonNullable<BrowserOptions['transport']>>['send']>[0]

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })

/** How many reports wait in the SDK's queue (none when the database does not exist). */
async function queued(): Promise<number> {
  const names = (await indexedDB.databases()).map((database) => database.name)
  if (!names.includes(REPORT_QUEUE_DATABASE)) return 0
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(REPORT_QUEUE_DATABASE)
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const count = db.transaction(REPORT_QUEUE_STORE).objectStore(REPORT_QUEUE_STORE).count()
      count.onsuccess = () => {
        db.close()
        resolve(count.result)
      }
      count.onerror = () => reject(count.error)
    }
  })
}

describe('forgetQueuedReports', () => {
  afterEach(() => setOnline(true))

  it('makes no database when nothing was ever queued', async () => {
    await forgetQueuedReports()
    const names = (await indexedDB.databases()).map((database) => database.name)
    expect(names).not.toContain(REPORT_QUEUE_DATABASE)
  })

  it('empties the queue the SDK filled offline, so nothing of the visit is sent later', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}', { status: 200 }))
    const options = sentryOptions({ dsn: 'http://public@127.0.0.1:8789/1', router: null, fetch })
    const transport = options.transport?.({
      url: 'http://127.0.0.1:8789/api/1/envelope/',
      recordDroppedEvent: () => {},
    })
    setOnline(false)
    for (const id of ['e1', 'e2', 'e3']) {
      const envelope: Envelope = [
        { event_id: id, sent_at: new Date().toISOString() },
        [[{ type: 'event' }, { message: `offline ${id}` }]],
      ]
      await transport?.send(envelope)
    }
    expect(await queued()).toBe(3)

    await forgetQueuedReports()
    expect(await queued()).toBe(0)
    expect(fetch).not.toHaveBeenCalled()
  })
})
