/**
 * Any other address: signed in only (spec §2), so an anonymous visitor signs in first and a
 * holder whose session ends here goes home, as on every signed-in page. Then: "Page not found".
 */
import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../features/shell/not-found.tsx'

export const Route = createFileRoute('/_signedIn/$')({ component: NotFound })
