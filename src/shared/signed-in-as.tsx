/** Who is signed in, in words: their email, else the phone number they texted a code to, else a wallet. */
import { Trans } from '@lingui/react/macro'
import { EmailAddress } from './email-address.tsx'
import { PhoneNumberDisplay } from './phone-number-display.tsx'

/** The holder's email or phone number (in international format); "a wallet" for a holder who has neither. */
export function SignedInAs({ email, phone }: { email: string | null; phone: string | null }) {
  if (email) return <EmailAddress email={email} />
  if (phone) return <PhoneNumberDisplay e164={phone} />
  return (
    <Trans comment="Who is signed in, for a holder known only by a wallet (after “Signed in as”)">
      a wallet
    </Trans>
  )
}
