/** fast-check generators of well-formed outside input (taps, events, hand-offs), shared by the property tests. */
import fc from 'fast-check'
import type { EventDate } from '../event-date.ts'
import { POAP_EVENT_STATUSES, type PoapEvent } from '../poap-event.ts'
import type { EngineState, EventsCache, StoredSession } from '../engine-state.ts'
import type { AuthenticateData, AuthenticatedSession } from '../provider-session.ts'
import { TAP_FORMATS, type TapFormat } from '../tap-params.ts'

/** Text of `length` characters drawn from `alphabet`. */
export const charsOf = (alphabet: string, minLength: number, maxLength = minLength) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })

/** Hex digits in both cases, as cards write them. */
export const HEX_DIGITS = '0123456789abcdefABCDEF'

/** Base64url, the provider's token alphabet. */
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Hex text of one of the given lengths. */
export const hexOf = (lengths: readonly number[]) =>
  fc.constantFrom(...lengths).chain((length) => charsOf(HEX_DIGITS, length))

/** A well-formed tap: its format and, in the format's order, its parameters (mixed-case hex). */
export interface GeneratedTap {
  format: TapFormat
  params: [name: string, value: string][]
}

/** A well-formed tap of any format, every value of an allowed length. */
export const wellFormedTap: fc.Arbitrary<GeneratedTap> = fc
  .constantFrom(...(Object.keys(TAP_FORMATS) as TapFormat[]))
  .chain((format) => {
    const spec: Record<string, readonly number[]> = TAP_FORMATS[format]
    return fc
      .tuple(
        ...Object.entries(spec).map(([name, lengths]) =>
          hexOf(lengths).map((value): [string, string] => [name, value]),
        ),
      )
      .map((params) => ({ format, params }))
  })

/** `a=1&b=2` from name-value pairs, written as they are (hex needs no escaping). */
export const toQuery = (params: readonly (readonly [string, string])[]) =>
  params.map(([name, value]) => `${name}=${value}`).join('&')

/** A well-formed tap's query, in its format's order, with the leading `?`. */
export const tapQuery = wellFormedTap.map((tap) => `?${toQuery(tap.params)}`)

/** A normalised event date: an all-day `YYYY-MM-DD` or an instant `…T…Z` (1970–9999). */
export const eventDate: fc.Arbitrary<EventDate> = fc
  .tuple(
    fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    fc.boolean(),
  )
  .map(([date, allDay]) => (allDay ? date.toISOString().slice(0, 10) : date.toISOString()))

/** Text that may be empty, or null. */
const optionalText = fc.option(fc.string({ maxLength: 20 }), { nil: null })

/** An event in the app's own (normalised) shape, as storage and tab messages carry it. */
export const appEvent: fc.Arbitrary<PoapEvent> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 12 }),
  fancyId: optionalText,
  name: fc.string({ maxLength: 20 }),
  description: optionalText,
  imageUrl: fc.option(fc.webUrl(), { nil: null }),
  startDate: fc.option(eventDate, { nil: null }),
  endDate: fc.option(eventDate, { nil: null }),
  expiryDate: fc.option(eventDate, { nil: null }),
  year: fc.option(fc.integer({ min: 1970, max: 9999 }), { nil: null }),
  city: optionalText,
  country: optionalText,
  eventUrl: fc.option(fc.webUrl(), { nil: null }),
  status: fc.option(
    fc.oneof(
      fc.constantFrom(...POAP_EVENT_STATUSES),
      charsOf('abcdefghijklmnopqrstuvwxyz-', 1, 12).filter((word) => /^[a-z]/.test(word)),
    ),
    { nil: null },
  ),
})

/** A provider session token (44 base64url characters). */
export const sessionToken = charsOf(BASE64URL, 44)

/** Epoch milliseconds; often a few apart, so equal times (a tap saved as a fetch began) come up. */
export const epochMs = fc.oneof(
  fc.integer({ min: 0, max: 4 }),
  fc.integer({ min: 0, max: 2 ** 45 }),
)

/** A few holders, so the same holder and another one both come up often. */
export const holderId = fc.constantFrom('user-ana', 'user-ben', 'user-chi')

/**
 * A session as the provider confirmed it; its JWT long enough that finding it in a text means it
 * was put there.
 */
export const authenticatedSession: fc.Arbitrary<AuthenticatedSession> = fc.record({
  sessionToken,
  jwt: sessionToken.map((token) => `eyJ${token}`),
  expiresAt: epochMs,
  userId: holderId,
  sessionId: fc.option(charsOf(BASE64URL, 8), { nil: null }),
  email: fc.option(fc.emailAddress(), { nil: null }),
  phone: fc.option(fc.constant('+15555550100'), { nil: null }),
  factorAt: fc.option(epochMs, { nil: null }),
})

/** A session as the engine keeps it, with its schedule. */
export const storedSession: fc.Arbitrary<StoredSession> = fc
  .tuple(
    authenticatedSession,
    fc.record({ lastAuthAt: epochMs, nextDueAt: epochMs, backoffAttempt: fc.nat({ max: 20 }) }),
  )
  .map(([{ jwt: _inMemoryOnly, ...session }, schedule]) => ({ ...session, ...schedule }))

/** A kept list: a few events, one of the holders', with the problems its body had. */
export const eventsCache: fc.Arbitrary<EventsCache> = fc.record({
  userId: holderId,
  events: fc.array(appEvent, { maxLength: 2 }),
  fetchedAt: epochMs,
  problemsKey: fc.constantFrom('', 'dropped=1', 'status=claimed'),
})

/** Any state the engine can store: signed in or out, any holder's list and taps. */
export const engineState: fc.Arbitrary<EngineState> = fc.record({
  schema: fc.constant(1 as const),
  epoch: fc.nat({ max: 1000 }),
  session: fc.option(storedSession, { nil: null }),
  events: fc.option(eventsCache, { nil: null }),
  tapQueue: fc.record({
    taps: fc.array(fc.record({ query: tapQuery, userId: holderId, savedAt: epochMs }), {
      maxLength: 4,
    }),
    attempt: fc.nat({ max: 20 }),
    retryAt: epochMs,
  }),
})

/** The provider's authenticate parts as a page hands them over (`session_id` only sometimes). */
export const authenticateData: fc.Arbitrary<AuthenticateData> = fc
  .record({
    session_token: sessionToken,
    session_jwt: charsOf(`${BASE64URL}.`, 1, 60),
    expires_at: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
    session_id: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }),
    user_id: fc.string({ minLength: 1, maxLength: 20 }),
    emails: fc.array(
      fc.emailAddress().map((email) => ({ email })),
      { maxLength: 2 },
    ),
  })
  .map(({ session_token, session_jwt, expires_at, session_id, user_id, emails }) => ({
    session_token,
    session_jwt,
    session: session_id === undefined ? { expires_at } : { expires_at, session_id },
    user: { user_id, emails },
  }))

/** A real calendar day in the years events have (1970–9999). */
export interface CalendarDay {
  year: number
  month: number
  day: number
}

/** Any real calendar day from 1970 to 9999. */
export const calendarDay: fc.Arbitrary<CalendarDay> = fc
  .date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => ({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  }))

/** POAP's month names, as in `16-Sep-2022`. */
export const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** A day as POAP writes it: `16-Sep-2022`. */
export const poapDay = ({ year, month, day }: CalendarDay) =>
  `${pad(day)}-${MONTH_NAMES[month - 1]}-${year}`

/** A day in the app's all-day form: `2022-09-16`. */
export const isoDay = ({ year, month, day }: CalendarDay) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`

/** Text as the cards API sends it: not blank, no space around it (the reader trims). */
const apiText = fc
  .string({ minLength: 1, maxLength: 16 })
  .filter((value) => value.trim() === value && value !== '')

/** An instant as the camelCase shape writes it (`2025-06-01T18:00:00.000Z`). */
const isoInstant = fc
  .date({
    min: new Date('1970-01-02T00:00:00Z'),
    max: new Date('9999-12-30T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString())

/** A raw entry of the cards API's events body, and the event the reader must make of it. */
export interface RawEntry {
  raw: Record<string, unknown>
  event: PoapEvent
}

/** An entry in POAP's own shape (`dev/cards/poap-event.ts`): number id, snake_case, `DD-Mon-YYYY`. */
export const poapShapeEntry = (id: number): fc.Arbitrary<RawEntry> =>
  fc
    .record({
      slug: charsOf('abcdefghijklmnopqrstuvwxyz', 1, 12),
      name: apiText,
      description: apiText,
      city: fc.oneof(apiText, fc.constant('')),
      country: fc.oneof(apiText, fc.constant('')),
      eventUrl: fc.webUrl(),
      imageUrl: fc.option(fc.webUrl(), { nil: undefined }),
      start: calendarDay,
      end: calendarDay,
      expiry: calendarDay,
      status: fc.constantFrom(...POAP_EVENT_STATUSES),
    })
    .map((f) => ({
      raw: {
        id,
        fancy_id: `${f.slug}-${f.start.year}`,
        name: f.name,
        description: f.description,
        city: f.city,
        country: f.country,
        event_url: f.eventUrl,
        ...(f.imageUrl === undefined ? {} : { image_url: f.imageUrl }),
        year: f.start.year,
        start_date: poapDay(f.start),
        end_date: poapDay(f.end),
        expiry_date: poapDay(f.expiry),
        status: f.status,
      },
      event: {
        id: String(id),
        fancyId: `${f.slug}-${f.start.year}`,
        name: f.name,
        description: f.description,
        imageUrl: f.imageUrl ?? null,
        startDate: isoDay(f.start),
        endDate: isoDay(f.end),
        expiryDate: isoDay(f.expiry),
        year: f.start.year,
        city: f.city === '' ? null : f.city,
        country: f.country === '' ? null : f.country,
        eventUrl: f.eventUrl,
        status: f.status,
      },
    }))

/** An entry in the camelCase shape the stand-in served first: string id, ISO 8601 instants. */
export const camelShapeEntry = (id: string): fc.Arbitrary<RawEntry> =>
  fc
    .record({
      name: apiText,
      description: apiText,
      imageUrl: fc.webUrl(),
      startDate: isoInstant,
      endDate: isoInstant,
      city: apiText,
      country: apiText,
      eventUrl: fc.webUrl(),
      status: fc.constantFrom(...POAP_EVENT_STATUSES),
    })
    .map((fields) => ({
      raw: { id, ...fields },
      event: { id, fancyId: null, expiryDate: null, year: null, ...fields },
    }))
