import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { describeEventsFailure, EventsResponseError } from '../core/events-response.ts'
import { EVENTS_FAILURE_TEXT } from '../core/events-failure-text.ts'
import { i18n } from './i18n.ts'
import { eventsErrorText } from './events-error.ts'

describe('eventsErrorText', () => {
  it('says each of the worker’s sentences, in English as the worker wrote it', () => {
    for (const text of Object.values(EVENTS_FAILURE_TEXT)) {
      expect(eventsErrorText(text, i18n)).toBe(text)
    }
  })

  it('keeps the service’s own message inside the sentence', () => {
    const error = describeEventsFailure(new EventsResponseError(404, 'HTTP 404', 'No such card'))
    expect(eventsErrorText(error, i18n)).toBe('Could not load your events: No such card')
  })

  it('translates the sentence, never the service’s message', () => {
    const german = setupI18n()
    german.loadAndActivate({
      locale: 'de',
      messages: Object.fromEntries(
        Object.entries(i18nIds()).map(([english, id]) => [id, [`DE:${english}`]]),
      ),
    })
    expect(eventsErrorText(EVENTS_FAILURE_TEXT.unreachable, german)).toBe(
      `DE:${EVENTS_FAILURE_TEXT.unreachable}`,
    )
  })

  it('shows a sentence it does not know as it came (a newer worker’s)', () => {
    expect(eventsErrorText('Something new went wrong.', i18n)).toBe('Something new went wrong.')
  })
})

/** The ids the English sentences compile to, by their text, read off the English runtime. */
function i18nIds(): Record<string, string> {
  const ids: Record<string, string> = {}
  const spy = setupI18n()
  spy.loadAndActivate({ locale: 'en', messages: {} })
  spy.on('missing', ({ id }) => (ids[EVENTS_FAILURE_TEXT.unreachable] ??= id))
  eventsErrorText(EVENTS_FAILURE_TEXT.unreachable, spy)
  return ids
}
