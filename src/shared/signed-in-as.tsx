/** Who is signed in, in words: their email, else the phone number they texted a code to, else a wallet. */
import { EmailAddress } from './email-address.tsx'

/** The holder's email or phone number; "a wallet" for a holder who has neither. */
export function SignedInAs({ email, phone }: { email: string | null; phone: string | null }) {
  if (email) return <EmailAddress email={email} />
  if (phone) return <span className="phone-number">{phone}</span>
  return <>a wallet</>
}
