/** Email addresses wrap after the @ and before dots, and read exactly as written. */
import { render } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EmailAddress, emailPieces } from './email-address.tsx'

describe('email address', () => {
  it('offers a wrap after the @ and before each dot of the domain', () => {
    expect(emailPieces('first.last@mail.example.com')).toEqual([
      'first.last@',
      'mail',
      '.example',
      '.com',
    ])
    const { container } = render(<EmailAddress email="holder@example.com" />)
    expect(container.innerHTML).toBe(
      '<span class="email-address" translate="no">holder@<wbr>example<wbr>.com</span>',
    )
  })

  it('leaves what is not an address whole', () => {
    expect(emailPieces('a wallet')).toEqual(['a wallet'])
    expect(emailPieces('@example.com')).toEqual(['@example.com'])
  })

  it('always reads as the address it was given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        expect(emailPieces(email).join('')).toBe(email)
        const { container, unmount } = render(<EmailAddress email={email} />)
        expect(container.textContent).toBe(email)
        unmount()
      }),
      { numRuns: 50 },
    )
  })
})
