/** A form's error line renders the same markup wherever it is used. */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FormError } from './form-error.tsx'

describe('FormError', () => {
  it('is an alert paragraph with the form__error class and the words, and nothing else', () => {
    const { container } = render(<FormError>That code is not right.</FormError>)
    expect(container.innerHTML).toBe(
      '<p class="form__error" role="alert">That code is not right.</p>',
    )
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not right.')
  })

  it('describes the field that names its id', () => {
    render(
      <>
        <input aria-label="Email" aria-describedby="email-error" />
        <FormError id="email-error">Enter a valid email address.</FormError>
      </>,
    )
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address.',
    )
  })

  it('carries a test id where a test names it', () => {
    render(<FormError data-testid="link-notice">This sign-in link has expired.</FormError>)
    expect(screen.getByTestId('link-notice')).toHaveAttribute('role', 'alert')
  })
})
