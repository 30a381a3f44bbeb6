/** The phone number step: its country picker, formatting as typed, every refusal, and sending. */
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferred } from '../../core/testing/deferred.ts'
import { activateLocale } from '../../shared/i18n.ts'
import { PhoneStep } from './phone-step.tsx'
import { fakeSignInProvider } from './sign-in-provider.test-support.ts'

afterEach(() => vi.restoreAllMocks())

function renderStep(languages: readonly string[] = ['en-US', 'en']) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)
  const provider = fakeSignInProvider()
  const onCodeSent = vi.fn()
  render(<PhoneStep provider={provider} onCodeSent={onCodeSent} onUseEmail={vi.fn()} />)
  return { provider, onCodeSent, user: userEvent.setup() }
}

const country = () => screen.getByLabelText<HTMLSelectElement>('Country')
const search = () => screen.getByLabelText('Search countries')
const mobile = () => screen.getByLabelText<HTMLInputElement>('Mobile number')
const send = () => screen.getByRole('button', { name: 'Text me a code' })

describe('PhoneStep', () => {
  it('picks the country from the browser’s languages and names countries in the page’s', () => {
    renderStep(['de-AT', 'de'])
    expect(country()).toHaveValue('AT')
    expect(screen.getByRole('option', { name: 'Austria (+43)' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Vietnam (+84)' })).toBeInTheDocument()
    expect(screen.getAllByRole('option').length).toBeGreaterThan(240)
    expect(mobile()).toHaveAttribute('type', 'tel')
    expect(mobile()).toHaveAttribute('autocomplete', 'tel')
    expect(mobile()).toHaveFocus()
  })

  it('names and sorts the countries again when the page’s language changes', async () => {
    renderStep(['en-US'])
    expect(screen.getByRole('option', { name: 'Austria (+43)' })).toBeInTheDocument()
    await act(() => activateLocale('de'))
    // The select keeps its place and its choice; its label is German now.
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveValue('US')
    expect(screen.getByRole('option', { name: 'Vereinigte Staaten (+1)' })).toBeInTheDocument()
    const names = screen.getAllByRole('option').map((option) => option.textContent)
    expect(names.indexOf('Österreich (+43)')).toBeGreaterThan(-1)
    expect(names.indexOf('Österreich (+43)')).toBeLessThan(names.indexOf('Polen (+48)'))
  })

  it.each([
    ['viet', 'VN'],
    ['84', 'VN'],
    ['+84', 'VN'],
    ['colombia', 'CO'],
    ['+1', 'US'],
  ])('finds a country by name or calling code: %s picks %s', async (query, region) => {
    const { user } = renderStep(['en-GB'])
    await user.type(search(), query)
    expect(country()).toHaveValue(region)
  })

  it('keeps the picked country while it matches, and lists only what matches', async () => {
    const { user } = renderStep(['en-GB'])
    await user.type(search(), 'united')
    expect(country()).toHaveValue('GB')
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toContain('United States (+1)')
    expect(options).not.toContain('France (+33)')
    await user.selectOptions(country(), 'US')
    expect(country()).toHaveValue('US')
  })

  it('goes back to the country picked before the search when nothing matches, or on Escape', async () => {
    const { user } = renderStep(['en-GB'])
    await user.type(search(), 'atlantis')
    expect(country()).toHaveValue('GB')
    await user.clear(search())
    await user.type(search(), 'viet')
    expect(country()).toHaveValue('VN')
    await user.keyboard('{Escape}')
    expect(search()).toHaveValue('')
    expect(country()).toHaveValue('GB')
  })

  it('goes on to the number with Enter in the search, without sending anything', async () => {
    const { user, provider } = renderStep()
    await user.type(search(), 'viet{Enter}')
    expect(mobile()).toHaveFocus()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(provider.sendSmsCode).not.toHaveBeenCalled()
  })

  it('formats the number as it is typed, and lets the holder delete and type by hand', async () => {
    const { user } = renderStep()
    await user.type(mobile(), '4155550132')
    expect(mobile()).toHaveValue('(415) 555-0132')
    await user.type(mobile(), '{Backspace}{Backspace}')
    expect(mobile()).toHaveValue('(415) 555-01')
    await user.clear(mobile())
    await user.type(mobile(), '+44 (0)7911 123456')
    expect(mobile()).toHaveValue('+44 (0)7911 123456')
  })

  it('formats again once a digit too many is deleted', async () => {
    const { user } = renderStep()
    await user.type(mobile(), '41555501329')
    expect(mobile()).toHaveValue('41555501329')
    await user.type(mobile(), '{Backspace}')
    expect(mobile()).toHaveValue('(415) 555-0132')
  })

  it('formats a typed number again for a new country', async () => {
    const { user } = renderStep()
    await user.type(mobile(), '07911123456')
    await user.selectOptions(country(), 'GB')
    expect(mobile()).toHaveValue('07911 123456')
  })

  it.each([
    ['US', '', 'Enter your mobile number.'],
    ['US', '123456', 'too short for a mobile number in United States (+1)'],
    ['US', '415-555-O1O1', 'digits only'],
    ['US', '+999 1234 5678', 'No country has the calling code +999'],
    ['US', '+0 12345678', 'That is not a calling code. Check the number, or pick the country'],
    ['GB', '020 7946 0018', 'That is not a mobile number in United Kingdom (+44)'],
    ['US', '+44 20 7946 0018', 'That is not a +44 mobile number'],
    ['US', '(415) 555-0132 ext 12', 'a text cannot go to an extension'],
    [
      'US',
      '0011 44 7911 123456',
      'If you mean +44 7911 123456, type it that way: start with + and the country code.',
    ],
    ['BD', '18123456785', 'too long for a mobile number in Bangladesh (+880)'],
  ])('refuses %s %j before any call, saying why and keeping it', async (region, typed, text) => {
    const { provider } = renderStep()
    fireEvent.change(country(), { target: { value: region } })
    fireEvent.change(mobile(), { target: { value: typed } })
    fireEvent.click(send())
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    // Formatting may move separators; every other character typed is still there.
    expect(mobile().value.replace(/[\s()-]/g, '')).toBe(typed.replace(/[\s()-]/g, ''))
    expect(mobile()).toHaveAttribute('aria-invalid', 'true')
    expect(mobile()).toHaveAccessibleDescription(expect.stringContaining(text) as string)
    expect(provider.sendSmsCode).not.toHaveBeenCalled()
  })

  it('says a landline cannot get texts', async () => {
    renderStep(['en-SG'])
    fireEvent.change(mobile(), { target: { value: '6123 4567' } })
    fireEvent.click(send())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That is not a mobile number in Singapore (+65). Codes come by text message, so they need a mobile number',
    )
  })

  it('reads "Sending code…" while the provider works, then hands on E.164 and the shown number', async () => {
    const sent = deferred<{ methodId: string }>()
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-AR'])
    const provider = fakeSignInProvider({ sendSmsCode: vi.fn(() => sent.promise) })
    const onCodeSent = vi.fn()
    render(<PhoneStep provider={provider} onCodeSent={onCodeSent} onUseEmail={vi.fn()} />)
    fireEvent.change(mobile(), { target: { value: '011 15 2345-6789' } })
    fireEvent.click(send())
    expect(await screen.findByRole('button', { name: 'Sending code…' })).toBeDisabled()
    expect(provider.sendSmsCode).toHaveBeenCalledWith('+5491123456789')
    sent.resolve({ methodId: 'phone-number-test-1' })
    await vi.waitFor(() =>
      expect(onCodeSent).toHaveBeenCalledWith(
        '+5491123456789',
        'phone-number-test-1',
        '+54 9 11 2345 6789',
      ),
    )
  })

  it('sends a number typed in Arabic-Indic digits', async () => {
    const { provider, onCodeSent } = renderStep(['ar-EG'])
    fireEvent.change(mobile(), { target: { value: '٠١٠ ٠١٢٣ ٤٥٦٧' } })
    fireEvent.click(send())
    await vi.waitFor(() => expect(onCodeSent).toHaveBeenCalled())
    expect(provider.sendSmsCode).toHaveBeenCalledExactlyOnceWith('+201001234567')
  })

  it('reads an international prefix of the picked country', async () => {
    const { provider, onCodeSent } = renderStep(['en-US'])
    fireEvent.change(mobile(), { target: { value: '011 44 7911 123456' } })
    fireEvent.click(send())
    await vi.waitFor(() =>
      expect(onCodeSent).toHaveBeenCalledWith(
        '+447911123456',
        'phone-number-test-1',
        '+44 7911 123456',
      ),
    )
    expect(provider.sendSmsCode).toHaveBeenCalledExactlyOnceWith('+447911123456')
  })
})
