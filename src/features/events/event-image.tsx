/** An event's image: lazy, sized, and a wordless placeholder when it is missing or fails. */
import { useState } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import { httpUrl } from './safe-url.ts'

/** A collectible's outline: the placeholder holds no text (the name is always beside it). */
function BadgeOutline() {
  return (
    <svg viewBox="0 0 48 48" width="50%" height="50%" focusable="false">
      <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="24" cy="24" r="9" fill="currentColor" fillOpacity="0.25" />
    </svg>
  )
}

/** Decorative (`alt=""`): the event's name is always next to it. `size` is in CSS pixels. */
export function EventImage({
  event,
  size,
  className,
  lazy = true,
}: {
  event: Pick<PoapEvent, 'imageUrl'>
  size: number
  className: string
  lazy?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const src = httpUrl(event.imageUrl)
  if (!src || failed) {
    return (
      <div
        className={`${className} event-image--fallback`}
        aria-hidden="true"
        data-testid="event-image-fallback"
      >
        <BadgeOutline />
      </div>
    )
  }
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  )
}
