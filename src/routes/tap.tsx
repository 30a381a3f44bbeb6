/** `/tap`: where a card tap lands, in the installed app or a browser tab. */
import { createFileRoute } from '@tanstack/react-router'
import { TapPage } from '../features/tap/tap-page.tsx'

export const Route = createFileRoute('/tap')({
  component: TapPage,
})
