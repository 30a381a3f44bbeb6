import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EventDetailPage } from './event-detail-page.tsx'
import {
  eventsErrorMessage,
  eventsMessage,
  makeEvent,
  renderInRouter,
  statusMessage,
} from './render-in-router.test-support.tsx'
import { signedInStore } from '../../store/app-store.test-support.ts'

const EVENT = makeEvent({
  id: 'evt-1',
  name: 'Summer Signal Festival',
  description: 'Three days of sound by the sea.',
  status: 'future',
  city: 'Barcelona',
  country: 'Spain',
  eventUrl: 'https://iyk.app/events/summer-signal',
})

const loaded = () => signedInStore([eventsMessage([makeEvent({ id: 'other' }), EVENT])])

const renderDetail = (store = loaded(), eventId = EVENT.id) =>
  renderInRouter(<EventDetailPage eventId={eventId} />, store, `/events/${eventId}`)

/** Defines (or removes, with undefined) a navigator property for one test. */
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true })
}

afterEach(() => {
  setNavigator('share', undefined)
  setNavigator('clipboard', undefined)
})

describe('EventDetailPage', () => {
  it('shows a skeleton while the list is on its way', async () => {
    await renderDetail(signedInStore())
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loading event…')
    expect(screen.getByRole('region', { name: 'Loading event…' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
  })

  it('offline with no list: says why instead of loading forever', async () => {
    await renderDetail(signedInStore([statusMessage(false)]))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('can’t be shown')
    expect(screen.getByText(/you are offline/i)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to your events' })).toHaveAttribute('href', '/')
  })

  it('a failed first fetch: shows the error and the way back', async () => {
    await renderDetail(signedInStore([eventsErrorMessage('The cards service is down.')]))
    expect(screen.getByText(/The cards service is down\. Try again/)).toBeInTheDocument()
  })

  it('shows the event: image, name, status in words, dates, place, description, link', async () => {
    const { container } = await renderDetail()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Summer Signal Festival')
    expect(screen.getByText('Upcoming')).toHaveClass('badge')
    expect(screen.getByText('This event has not started yet.')).toBeInTheDocument()
    expect(screen.getByText('Barcelona, Spain')).toBeInTheDocument()
    expect(screen.getByText(/2026.*–/)).toBeInTheDocument()
    expect(screen.getByText('Three days of sound by the sea.')).toBeInTheDocument()
    const image = container.querySelector('img')
    expect(image).toHaveAttribute('src', EVENT.imageUrl)
    expect(image).toHaveAttribute('width', '160')
    const website = screen.getByRole('link', { name: /Event website/ })
    expect(website).toHaveAttribute('href', 'https://iyk.app/events/summer-signal')
    expect(website).toHaveAttribute('target', '_blank')
    expect(website).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Your events' })).toHaveAttribute('href', '/')
  })

  it('lets outside text take its own direction, so a right-to-left name reorders nothing', async () => {
    const rtl = makeEvent({
      id: 'rtl',
      name: 'مهرجان الصيف',
      city: 'القاهرة',
      description: 'ثلاثة أيام',
    })
    await renderDetail(signedInStore([eventsMessage([rtl])]), 'rtl')
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'auto')
    expect(screen.getByText(/القاهرة/)).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('ثلاثة أيام')).toHaveAttribute('dir', 'auto')
  })

  it('falls back to a placeholder when the image fails', async () => {
    const { container } = await renderDetail()
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    const fallback = screen.getByTestId('event-image-fallback')
    expect(fallback.textContent).toBe('')
    expect(fallback.querySelector('svg')).not.toBeNull()
  })

  it('links only to web addresses, and leaves out what is unknown', async () => {
    const bare = makeEvent({
      id: 'bare',
      eventUrl: 'javascript:alert(1)',
      description: null,
      city: null,
      country: null,
    })
    await renderDetail(signedInStore([eventsMessage([bare])]), 'bare')
    expect(screen.queryByRole('link', { name: /Event website/ })).toBeNull()
    expect(screen.queryByText('Where')).toBeNull()
    expect(screen.getByText('When')).toBeInTheDocument()
  })

  it('shows an unknown status neutrally, with a plain sentence', async () => {
    const odd = makeEvent({ id: 'odd', status: 'on-hold' })
    await renderDetail(signedInStore([eventsMessage([odd])]), 'odd')
    expect(screen.getByText('On hold')).toHaveClass('badge', 'badge--other')
    expect(screen.getByText('This collectible’s status is “On hold”.')).toBeInTheDocument()
  })

  it('shows a POAP event without status, dates or place', async () => {
    const poap = makeEvent({
      id: 'poap',
      startDate: null,
      endDate: null,
      city: null,
      country: null,
      status: null,
    })
    const { container } = await renderDetail(signedInStore([eventsMessage([poap])]), 'poap')
    expect(container.querySelector('.badge')).toBeNull()
    expect(screen.getByText('When').nextSibling).toHaveTextContent('Date to be announced')
    expect(screen.queryByText('Where')).toBeNull()
  })

  it('shows all-day dates as calendar days, without times', async () => {
    const poap = makeEvent({ id: 'poap', startDate: '2022-09-16', endDate: '2022-09-18' })
    await renderDetail(signedInStore([eventsMessage([poap])]), 'poap')
    const when = screen.getByText('When').nextSibling
    // One natural range in the locale's own form ("16–18 Sept 2022", "Sep 16 – 18, 2022").
    expect(when).toHaveTextContent(/16.*18.*2022/)
    expect(when?.textContent?.match(/2022/g)).toHaveLength(1)
    expect(when?.textContent).not.toMatch(/:/)
  })

  it('says plainly when the event is not in the list, with a way back', async () => {
    const { router } = await renderDetail(loaded(), 'nope')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Event not found')
    const back = screen.getByRole('link', { name: 'Back to your events' })
    fireEvent.click(back)
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('shares the app’s own link to the event with the Web Share API', async () => {
    const share = vi.fn(() => Promise.resolve())
    setNavigator('share', share)
    await renderDetail()
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith({
      title: 'Summer Signal Festival',
      url: `${window.location.origin}/events/evt-1`,
    })
  })

  it('treats a cancelled share sheet as nothing wrong', async () => {
    setNavigator('share', () => Promise.reject(new DOMException('cancelled', 'AbortError')))
    await renderDetail()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument()
  })

  it('offers to copy the link when sharing fails', async () => {
    setNavigator('share', () => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    await renderDetail()
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Copy the link instead')
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument()
  })

  it('copies the link where there is no share sheet, and confirms it', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    setNavigator('clipboard', { writeText })
    await renderDetail()
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/evt-1`)
    expect(await screen.findByText('Link copied')).toBeVisible()
  })

  it('says clearly when copying fails, and shows the link to copy by hand', async () => {
    setNavigator('clipboard', { writeText: () => Promise.reject(new Error('denied')) })
    await renderDetail()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not copy the link')
    expect(alert).toHaveTextContent(`${window.location.origin}/events/evt-1`)
    expect(screen.queryByText('Link copied')).toBeNull()
  })

  it('says clearly when there is no clipboard at all', async () => {
    await renderDetail()
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not copy the link')
  })

  describe('add to calendar', () => {
    const UPCOMING = makeEvent({
      id: 'evt-2',
      name: 'Zürich Winter Meetup',
      startDate: '2099-12-03',
      endDate: '2099-12-04',
      city: 'Zürich',
      country: 'Switzerland',
      status: 'future',
    })
    afterEach(() => vi.restoreAllMocks())

    it('offers an upcoming event as a calendar file, made on the device', async () => {
      const files: Blob[] = []
      const names: string[] = []
      URL.createObjectURL = vi.fn((blob: Blob) => {
        files.push(blob)
        return 'blob:calendar'
      })
      URL.revokeObjectURL = vi.fn()
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download)
      })
      await renderDetail(signedInStore([eventsMessage([UPCOMING])]), UPCOMING.id)
      fireEvent.click(screen.getByRole('button', { name: 'Add to calendar' }))
      await vi.waitFor(() => expect(names).toEqual(['zurich-winter-meetup.ics']))
      expect(files[0]?.type).toBe('text/calendar;charset=utf-8')
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result))
        reader.readAsText(files[0]!)
      })
      expect(text).toContain('SUMMARY:Zürich Winter Meetup\r\n')
      expect(text).toContain('DTSTART;VALUE=DATE:20991203\r\n')
      expect(text).toContain(`UID:poap-event-evt-2@${window.location.hostname}\r\n`)
    })

    it('offers nothing for an event that is over', async () => {
      await renderDetail()
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(EVENT.name)
      expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull()
    })
  })
})
