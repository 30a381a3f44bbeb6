/**
 * The holder's phone number as people write it (`+44 7911 123456`), wherever the app shows it
 * (the account page, "Signed in as …"): E.164 at once, the international format once the
 * phone-number library has loaded (its own chunk, never start-up's), and E.164 for good if it
 * cannot.
 */
import { useEffect, useState } from 'react'

/** `e164`, shown in international format when the formatter loads. */
export function PhoneNumberDisplay({ e164 }: { e164: string }) {
  const [formatted, setFormatted] = useState<{ e164: string; text: string } | null>(null)
  useEffect(() => {
    let current = true
    import('./international-format.ts')
      .then(({ internationalFormat }) => {
        if (current) setFormatted({ e164, text: internationalFormat(e164) })
      })
      .catch(() => {
        // Offline, or a deploy replaced the chunk: E.164 is still the number, only less readable.
      })
    return () => {
      current = false
    }
  }, [e164])
  return (
    <span className="phone-number" translate="no">
      {formatted?.e164 === e164 ? formatted.text : e164}
    </span>
  )
}
