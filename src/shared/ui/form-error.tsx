/** The one way a form or panel says what went wrong: an alert, read out as it appears. */
import type { ReactNode } from 'react'

/** A form's error line; `id` for a field's `aria-describedby`, `data-testid` where a test names it. */
export function FormError({
  id,
  'data-testid': testId,
  children,
}: {
  id?: string
  'data-testid'?: string
  children: ReactNode
}) {
  return (
    <p id={id} className="form__error" role="alert" data-testid={testId}>
      {children}
    </p>
  )
}
