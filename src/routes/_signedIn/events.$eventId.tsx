/** `/events/$eventId` (signed in): one event's detail. */
import { createFileRoute } from '@tanstack/react-router'
import { EventDetailPage } from '../../features/events/event-detail-page.tsx'

export const Route = createFileRoute('/_signedIn/events/$eventId')({
  component: function EventDetail() {
    const { eventId } = Route.useParams()
    return <EventDetailPage eventId={eventId} />
  },
})
