/** The phone number step: its default country, every message, and the busy state. */
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhoneStep } from './phone-step.tsx'
import type { SignInProvider } from './sign-in-provider.ts'

function fakeProvider(sendSmsCode: SignInProvider['sendSmsCode']): SignInProvider {
  const unused = () => Promise.reject(new Error('not used here'))
  return {
    sendCode: unused,
    verifyCode: unused,
    sendLink: unused,
    authenticateLink: unused,
    startOAuth: unused,
    authenticateOAuth: unused,
    sendSmsCode: vi.fn(sendSmsCode),
  }
}

afterEach(() => vi.restoreAllMocks())

const renderStep = (provider: SignInProvider, onCodeSent = vi.fn()) => {
  render(<PhoneStep provider={provider} onCodeSent={onCodeSent} onUseEmail={vi.fn()} />)
  return onCodeSent
}

describe('PhoneStep', () => {
  it('picks the country from the browser’s languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en'])
    renderStep(fakeProvider(() => Promise.resolve({ methodId: 'x' })))
    expect(screen.getByLabelText('Country')).toHaveValue('GB')
    expect(screen.getByRole('option', { name: 'United Kingdom (+44)' })).toBeInTheDocument()
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('autocomplete', 'tel-national')
  })

  it('asks for a number before calling the provider', () => {
    const provider = fakeProvider(() => Promise.resolve({ methodId: 'x' }))
    renderStep(provider)
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your mobile number.')
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '415 555 O1O1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    expect(screen.getByRole('alert')).toHaveTextContent('digits only')
    expect(provider.sendSmsCode).not.toHaveBeenCalled()
  })

  it('reads "Sending code…" while the provider works, then hands on the number and phone id', async () => {
    let answer: (value: { methodId: string }) => void = () => {}
    const provider = fakeProvider(() => new Promise((resolve) => (answer = resolve)))
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US'])
    const onCodeSent = renderStep(provider)
    fireEvent.change(screen.getByLabelText('Mobile number'), {
      target: { value: '+33 6 12 34 56 78' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }))
    expect(await screen.findByRole('button', { name: 'Sending code…' })).toBeDisabled()
    answer({ methodId: 'phone-number-test-1' })
    await vi.waitFor(() =>
      expect(onCodeSent).toHaveBeenCalledWith('+33612345678', 'phone-number-test-1'),
    )
  })
})
