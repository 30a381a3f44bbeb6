/** The home list in pages: the first page of each group, "Show more" adding the next, focus on the first card added. */
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { EVENTS_PAGE_SIZE } from './event-group.tsx'
import { EventsHome } from './events-home.tsx'
import { eventsMessage, makeEvent, renderInRouter } from './render-in-router.test-support.tsx'
import { signedInStore } from '../../store/app-store.test-support.ts'

/** `count` past events, the newest first as the Past group sorts them: "Past 0", "Past 1", … */
const past = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeEvent({
      id: `past-${i}`,
      name: `Past ${i}`,
      status: 'expired',
      startDate: null,
      endDate: new Date(Date.UTC(2025, 0, 1) - i * 86_400_000).toISOString(),
    }),
  )

const group = (name: string) => screen.getByRole('region', { name })
const cardNames = (name: string) =>
  within(group(name))
    .getAllByTestId('event-card')
    .map((card) => within(card).getByRole('heading').textContent)

describe('EventsHome in pages', () => {
  it(`shows the first ${EVENTS_PAGE_SIZE} cards of a long group and says how many there are`, async () => {
    await renderInRouter(
      <EventsHome onRefresh={vi.fn()} search={{}} onSearch={vi.fn()} />,
      signedInStore([eventsMessage(past(120))]),
    )
    expect(cardNames('Past')).toEqual(past(EVENTS_PAGE_SIZE).map((e) => e.name))
    expect(within(group('Past')).getByText('50 of 120 shown')).toBeInTheDocument()
    expect(
      within(group('Past')).getByRole('button', { name: 'Show 50 more past events' }),
    ).toBeInTheDocument()
  })

  it('adds the next page with each press, names what is left, and focuses the first card added', async () => {
    await renderInRouter(
      <EventsHome onRefresh={vi.fn()} search={{}} onSearch={vi.fn()} />,
      signedInStore([eventsMessage(past(120))]),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more past events' }))
    expect(cardNames('Past')).toEqual(past(100).map((e) => e.name))
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Past 50\b/ }))

    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more past events' }))
    expect(cardNames('Past')).toHaveLength(120)
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Past 100\b/ }))
    // All shown: no button, no count.
    expect(within(group('Past')).queryByRole('button')).toBeNull()
    expect(within(group('Past')).queryByText(/shown$/)).toBeNull()
  })

  it('names a single event left in the singular', async () => {
    await renderInRouter(
      <EventsHome onRefresh={vi.fn()} search={{}} onSearch={vi.fn()} />,
      signedInStore([eventsMessage(past(EVENTS_PAGE_SIZE + 1))]),
    )
    expect(
      within(group('Past')).getByRole('button', { name: 'Show 1 more past event' }),
    ).toBeInTheDocument()
  })

  it('shows a group within one page whole, without a button', async () => {
    await renderInRouter(
      <EventsHome onRefresh={vi.fn()} search={{}} onSearch={vi.fn()} />,
      signedInStore([eventsMessage(past(EVENTS_PAGE_SIZE))]),
    )
    expect(cardNames('Past')).toHaveLength(EVENTS_PAGE_SIZE)
    expect(within(group('Past')).queryByRole('button')).toBeNull()
  })

  it('pages each group on its own, and keeps the pages shown across a refresh', async () => {
    const upcoming = Array.from({ length: 60 }, (_, i) =>
      makeEvent({
        id: `up-${i}`,
        name: `Up ${i}`,
        status: 'future',
        startDate: new Date(Date.UTC(2100, 0, 1) + i * 86_400_000).toISOString(),
        endDate: null,
      }),
    )
    const store = signedInStore([eventsMessage([...upcoming, ...past(70)])])
    await renderInRouter(<EventsHome onRefresh={vi.fn()} search={{}} onSearch={vi.fn()} />, store)
    expect(
      within(group('Now and upcoming')).getByRole('button', {
        name: 'Show 10 more upcoming events',
      }),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more past events' }))
    expect(cardNames('Past')).toHaveLength(70)
    expect(cardNames('Now and upcoming')).toHaveLength(EVENTS_PAGE_SIZE)

    // The same list again (a refresh): what the holder opened stays open.
    act(() => store.getState().apply(eventsMessage([...upcoming, ...past(70)])))
    expect(cardNames('Past')).toHaveLength(70)
  })
})
