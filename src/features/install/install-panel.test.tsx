import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt } from './install-prompt.ts'
import { IOS_USER_AGENTS, offerInstall } from './install.test-support.ts'
import { InstallPanel } from './install-panel.tsx'

const UA = IOS_USER_AGENTS

function standalone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(display-mode: standalone)',
  }))
}

beforeAll(() => captureInstallPrompt(window))

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('InstallPanel', () => {
  it('says "Installed" when running as the installed app', () => {
    standalone(true)
    render(<InstallPanel />)
    expect(screen.getByRole('status')).toHaveTextContent('Installed. You are using the app.')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers the browser’s install prompt where there is one', async () => {
    render(<InstallPanel />)
    const offer = offerInstall('dismissed')
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }))
    expect(offer.prompt).toHaveBeenCalledOnce()
    expect(await screen.findByText(/Not installed/)).toBeInTheDocument()
  })

  it('says "Installed" once the browser reports the installation', () => {
    render(<InstallPanel />)
    offerInstall()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(screen.getByRole('status')).toHaveTextContent('Open IYK Cards from your home screen')
  })
})

describe('InstallPanel on iOS (a fresh module: nothing installed yet)', () => {
  it.each([
    ['Safari', UA.iphoneSafari, 'Add IYK Cards to your Home Screen'],
    ['another browser', UA.iphoneChrome, 'Open this page in Safari'],
  ])('shows the Add to Home Screen steps in %s', async (_, userAgent, intro) => {
    vi.resetModules()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
    const { InstallPanel: FreshPanel } = await import('./install-panel.tsx')
    render(<FreshPanel />)
    expect(screen.getByText(new RegExp(intro))).toBeInTheDocument()
    const steps = screen.getByRole('list', { name: 'Add to Home Screen steps' })
    expect(steps).toHaveTextContent('Share button')
    expect(steps).toHaveTextContent('Add to Home Screen')
  })

  it('otherwise points to the browser’s menu', async () => {
    vi.resetModules()
    const { InstallPanel: FreshPanel } = await import('./install-panel.tsx')
    render(<FreshPanel />)
    expect(screen.getByText(/use your browser’s menu/)).toBeInTheDocument()
  })
})
