/** A lazy component whose failed load can be tried again (React.lazy alone cannot). */
import { Component, Suspense, type ReactNode } from 'react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { retryableLazy } from './retryable-lazy.tsx'

/** The smallest error boundary with a "Try again" that resets it after `onRetry`. */
class Boundary extends Component<{ onRetry(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    const retry = () => {
      this.props.onRetry()
      this.setState({ failed: false })
    }
    return (
      <button type="button" onClick={retry}>
        Try again
      </button>
    )
  }
}

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('retryableLazy', () => {
  it('loads again after a failure when the boundary is reset', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello)
    const lazyHello = retryableLazy(load)
    vi.spyOn(console, 'error').mockImplementation(() => {})

    render(
      <Boundary onRetry={lazyHello.retry}>
        <Suspense fallback={<p>Loading</p>}>
          <lazyHello.Component name="holder" />
        </Suspense>
      </Boundary>,
    )
    ;(await screen.findByRole('button', { name: 'Try again' })).click()
    expect(await screen.findByText('Hello holder')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('does not load again once loaded', async () => {
    const load = vi.fn(() => Promise.resolve(Hello))
    const lazyHello = retryableLazy(load)
    const { unmount } = render(
      <Suspense fallback={null}>
        <lazyHello.Component name="a" />
      </Suspense>,
    )
    await screen.findByText('Hello a')
    unmount()
    lazyHello.retry()
    render(
      <Suspense fallback={null}>
        <lazyHello.Component name="b" />
      </Suspense>,
    )
    await screen.findByText('Hello b')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('shares a preload with the first render, and loads in that render when the preload failed', async () => {
    const load = vi.fn(() => Promise.resolve(Hello))
    const preloaded = retryableLazy(load)
    preloaded.preload()
    expect(load).toHaveBeenCalledTimes(1)
    const { unmount } = render(
      <Suspense fallback={null}>
        <preloaded.Component name="a" />
      </Suspense>,
    )
    await screen.findByText('Hello a')
    expect(load).toHaveBeenCalledTimes(1)
    unmount()

    const flaky = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello)
    const afterFailure = retryableLazy(flaky)
    afterFailure.preload()
    // The preload's import has failed, and been forgotten, before the render asks again.
    await expect(flaky.mock.results[0]?.value).rejects.toThrow(TypeError)
    render(
      <Suspense fallback={null}>
        <afterFailure.Component name="b" />
      </Suspense>,
    )
    expect(await screen.findByText('Hello b')).toBeInTheDocument()
    expect(flaky).toHaveBeenCalledTimes(2)
  })

  it('renders at once, without its fallback, once its code has loaded', async () => {
    const lazyHello = retryableLazy(() => Promise.resolve(Hello))
    await lazyHello.load()
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <lazyHello.Component name="Ada" />
      </Suspense>,
    )
    // In the very first commit: no fallback, no second pass.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).toBeNull()
  })

  it('keeps what it mounted when the code arrives later (its state is not lost)', async () => {
    let resolve: (component: typeof Hello) => void = () => {}
    const lazyHello = retryableLazy(() => new Promise<typeof Hello>((done) => (resolve = done)))
    const view = render(
      <Suspense fallback={<p>Loading…</p>}>
        <lazyHello.Component name="Ada" />
      </Suspense>,
    )
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    resolve(Hello)
    const shown = await screen.findByText('Hello Ada')
    view.rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <lazyHello.Component name="Ada" />
      </Suspense>,
    )
    expect(screen.getByText('Hello Ada')).toBe(shown)
  })
})
