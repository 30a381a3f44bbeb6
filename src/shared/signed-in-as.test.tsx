/** Who is signed in: the email, else the phone number in international format, else "a wallet". */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SignedInAs } from './signed-in-as.tsx'

describe('SignedInAs', () => {
  it('names the holder by email when they have one', () => {
    render(<SignedInAs email="holder@example.com" phone="+447911123456" />)
    expect(screen.getByText('holder@example.com')).toBeInTheDocument()
    expect(screen.queryByText(/7911/)).toBeNull()
  })

  it('shows the phone number as E.164 at once, then in international format', async () => {
    render(<SignedInAs email={null} phone="+447911123456" />)
    expect(screen.getByText('+447911123456')).toBeInTheDocument()
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument()
  })

  it('says "a wallet" for a holder with neither', () => {
    const { container } = render(<SignedInAs email={null} phone={null} />)
    expect(container).toHaveTextContent(/^a wallet$/)
  })
})
