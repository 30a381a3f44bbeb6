/** An event's image: lazy, sized, and a lettered placeholder when it is missing or fails. */
import { useState } from 'react'
import type { PoapEvent } from '../../core/poap-event.ts'
import { httpUrl } from './safe-url.ts'

/** The first character of the name (a whole emoji or accented letter, not half of one). */
const initial = (name: string) => (Array.from(name.trim())[0] ?? '').toUpperCase()

/** Decorative (`alt=""`): the event's name is always next to it. `size` is in CSS pixels. */
export function EventImage({
  event,
  size,
  className,
  lazy = true,
}: {
  event: Pick<PoapEvent, 'name' | 'imageUrl'>
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
        {initial(event.name)}
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
