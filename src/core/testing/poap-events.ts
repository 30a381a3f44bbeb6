/** Events for tests: every field empty but what a test names. */
import type { PoapEvent } from '../poap-event.ts'

/** An event with `id`, named after it, every other field null unless `overrides` gives it. */
export const bareEvent = (overrides: Partial<PoapEvent> & Pick<PoapEvent, 'id'>): PoapEvent => ({
  fancyId: null,
  name: `Event ${overrides.id}`,
  description: null,
  imageUrl: null,
  startDate: null,
  endDate: null,
  expiryDate: null,
  year: null,
  city: null,
  country: null,
  eventUrl: null,
  status: null,
  ...overrides,
})
