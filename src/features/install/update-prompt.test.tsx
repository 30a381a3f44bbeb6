import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { UpdateHandle } from '../../session/service-worker.ts'
import { UpdatePrompt } from './update-prompt.tsx'

describe('UpdatePrompt', () => {
  it('shows nothing while no update waits', () => {
    render(<UpdatePrompt subscribe={() => () => {}} />)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('offers a waiting version and activates it on Reload', async () => {
    let announce: (update: UpdateHandle) => void = () => {}
    const activate = vi.fn()
    render(
      <UpdatePrompt
        subscribe={(listener) => {
          announce = listener
          return () => {}
        }}
      />,
    )
    await act(async () => announce({ activate }))
    expect(screen.getByRole('status')).toHaveTextContent('New version available')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activate).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled()
  })
})
