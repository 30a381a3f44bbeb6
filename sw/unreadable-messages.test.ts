/** A window that speaks another protocol version is reloaded onto this release, once. */
import { describe, expect, it, vi } from 'vitest'
import { reloadUnreadableWindow } from './unreadable-messages.ts'

const windowClient = (id: string) => {
  const navigate = vi.fn(() => Promise.resolve(null))
  return { client: { id, type: 'window', url: `https://cards.example/${id}`, navigate }, navigate }
}

describe('a window whose message cannot be read', () => {
  it('is navigated to where it is, once', () => {
    const { client, navigate } = windowClient('a')
    reloadUnreadableWindow(client as unknown as Client)
    reloadUnreadableWindow(client as unknown as Client)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('https://cards.example/a')
  })

  it('is told even when it cannot be navigated, and nothing else is', () => {
    const refused = {
      ...windowClient('b').client,
      navigate: vi.fn(() => Promise.reject(new TypeError())),
    }
    expect(() => reloadUnreadableWindow(refused as unknown as Client)).not.toThrow()
    expect(refused.navigate).toHaveBeenCalledTimes(1)
    const worker = { id: 'c', type: 'worker', url: 'https://cards.example/w.js', navigate: vi.fn() }
    reloadUnreadableWindow(worker as unknown as Client)
    reloadUnreadableWindow(null)
    expect(worker.navigate).not.toHaveBeenCalled()
  })
})
