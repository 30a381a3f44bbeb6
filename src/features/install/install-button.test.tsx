/** The install button follows the browser's install offer: hidden, shown, used once, gone when installed. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt } from './install-prompt.ts'
import { IOS_USER_AGENTS, offerInstall } from './install.test-support.ts'
import { InstallButton } from './install-button.tsx'

beforeAll(() => captureInstallPrompt(window))

// The offer lives in a module for the whole file: drop one a test left unused.
afterEach(() => {
  window.dispatchEvent(new Event('appinstalled'))
})

describe('InstallButton', () => {
  it('renders nothing while the browser has not offered installation', () => {
    const { container } = render(<InstallButton />)
    expect(container).toBeEmptyDOMElement()
  })

  it('appears when the offer arrives, and claims the event from the browser', () => {
    render(<InstallButton />)
    const offer = offerInstall()
    expect(offer.defaultPrevented).toBe(true)
    expect(screen.getByRole('button', { name: 'Install app' })).toHaveClass('button')
  })

  it('opens the browser’s install dialog on click, once, then goes away', async () => {
    render(<InstallButton className="button button--primary" />)
    const offer = offerInstall('dismissed')
    const button = screen.getByRole('button', { name: 'Install app' })
    expect(button).toHaveClass('button', 'button--primary')
    fireEvent.click(button)
    expect(offer.prompt).toHaveBeenCalledOnce()
    // The offer is single-use: even when dismissed, the browser will not show it again.
    await vi.waitFor(() => expect(screen.queryByRole('button')).toBeNull())
  })

  it('goes away when the browser reports the app installed', () => {
    render(<InstallButton />)
    offerInstall()
    expect(screen.getByRole('button', { name: 'Install app' })).toBeInTheDocument()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('InstallButton on iOS', () => {
  afterEach(() => vi.restoreAllMocks())
  const iPhone = IOS_USER_AGENTS.iphoneSafari

  it('folds the Add to Home Screen steps, where no browser offers a prompt', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhone)
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull()
    const steps = screen.getByRole('list', { name: 'Add to Home Screen steps' })
    expect(steps).not.toBeVisible()
    fireEvent.click(screen.getByText('Install on iPhone or iPad'))
    expect(steps).toBeVisible()
    expect(steps).toHaveTextContent('Add to Home Screen')
  })

  it('offers nothing more once running as the installed app', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhone)
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true })
    try {
      const { container } = render(<InstallButton />)
      expect(container).toBeEmptyDOMElement()
    } finally {
      Reflect.deleteProperty(navigator, 'standalone')
    }
  })
})
