/**
 * `npm run bench:secrets`: how many of the 14 secrets this app holds reach the error sink, each
 * written in the ways issue 36's red team wrote them (and a few more), through the scrubber that
 * every report passes before it leaves a host. Prints a table (a secret, the ways it got through)
 * and the count; asserts nothing (`scrub-encodings.property.test.ts` does, for random secrets).
 *
 * Two hosts are modelled: the worker, which knows every value by name (its record, its JWT, the
 * kept taps, the link it was handed), and a page, which knows what tabs are told (the holder's
 * email, phone and user id) and the values of the link it opened (taps, a sign-in link's token),
 * but never the session's credentials: those it finds by pattern alone.
 *
 * `--scrubber <path to scrub.ts>` measures another scrubber, such as an earlier release's:
 * `git worktree add /tmp/before be434dc^ && npm run bench:secrets -- --scrubber
 * /tmp/before/src/core/scrub.ts` gives the "before" of issue 36.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  everyByte,
  fullWidth,
  htmlDecimal,
  jsonEscaped,
} from '../../src/core/testing/secret-writings.ts'

type ScrubText = (text: string, secrets?: readonly string[]) => string

/** The 14 secrets, as a signed-in holder's worker holds them, with where a report may meet them. */
const SECRETS = {
  'session token': 'mZAYn5aLEqKUlZ_Ad9U_fWr38GaAQ1oFAhT8ds245v7Q',
  JWT:
    'eyJhbGciOiJSUzI1NiIsImtpZCI6Imp3ay1saXZlLTEifQ.' +
    'eyJzdWIiOiJ1c2VyLWxpdmUtOWUzZiIsInNlc3Npb24iOnsiaWQiOiJzZXNzaW9uLWxpdmUifX0.' +
    'Tq3Q9nW2f_hV8m1xYc0aK7pLr5sB4dJ6eUoZiGt2NwQ',
  'session id': 'session-live-6b7a8e52-5c3f-4a0e-9b7e-2f1d5c8a9e31',
  'user id': 'user-live-9e3f1c2a-7d4b-4e8f-a6c5-0b1d2e3f4a5b',
  email: 'ada.lovelace@example.com',
  phone: '+14155550123',
  'magic-link token': 'DOYoip3rvIMMW5lgItikFK-Ak1CfMsgjuiCyI7uuU94=',
  uid: '04A1B2C3D4E5F6',
  ctr: '00002A',
  cmac: '3F9A1C2B7D4E8F60',
  picc_data: '8A3C5E7F9B1D2F4A6C8E0B2D4F6A8C0E',
  e: 'B1D2F3A4C5E6F7A8B9C0D1E2F3A4B5C6',
  p: 'C0E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5',
  c: '5D6E7F8091A2B3C4',
} as const

type Secret = keyof typeof SECRETS

/** Tap parameters: a report meets them as `name=value` in a link. */
const TAP_NAMES: readonly Secret[] = ['uid', 'ctr', 'cmac', 'picc_data', 'e', 'p', 'c']

/** Ways of writing any value in a report's text. */
const WRITINGS: Record<string, (value: string) => string> = {
  plain: (value) => value,
  encodeURIComponent: encodeURIComponent,
  'every byte %XX': (value) => everyByte(value),
  'JSON \\u escapes': (value) => jsonEscaped(value, 1),
  'JSON \\u escapes, twice': (value) => jsonEscaped(value, 2),
  'HTML references': htmlDecimal,
  'full width': fullWidth,
}

/** More ways, for one kind of secret. */
const OWN_WRITINGS: Partial<Record<Secret, Record<string, (value: string) => string>>> = {
  email: { 'full-width ＠': (value) => value.replace('@', '＠') },
  phone: {
    'national (415) 555-0123': () => '(415) 555-0123',
    'national 415.555.0123': () => '415.555.0123',
    'international +1 415 555 0123': () => '+1 415 555 0123',
  },
}

/** A report's message around a written secret; a tap value sits in its link, as `name=value`. */
function message(secret: Secret, written: string): string {
  if (TAP_NAMES.includes(secret)) return `Tap failed: /tap?${secret}=${written}&x=1 (HTTP 500)`
  return `Request failed: ${written} (HTTP 400)`
}

/** Whether the scrubbed text still shows the secret: as written, or as its bare value. */
function survives(scrubbed: string, written: string, value: string): boolean {
  const lower = scrubbed.toLowerCase()
  return [written, value].some((piece) => lower.includes(piece.toLowerCase()))
}

/** For each secret, the writings that reach the sink from a host that knows `known`. */
function reaching(scrub: ScrubText, known: (secret: Secret) => readonly string[]) {
  return (Object.entries(SECRETS) as [Secret, string][]).map(([secret, value]) => {
    const writings = { ...WRITINGS, ...OWN_WRITINGS[secret] }
    const through = Object.entries(writings)
      .filter(([, write]) => {
        const written = write(value)
        return survives(scrub(message(secret, written), known(secret)), written, value)
      })
      .map(([how]) => how)
    return { secret, tried: Object.keys(writings).length, through }
  })
}

function print(title: string, rows: ReturnType<typeof reaching>) {
  console.log(`\n${title}`)
  for (const { secret, tried, through } of rows) {
    const verdict = through.length === 0 ? 'none' : through.join(', ')
    console.log(
      `  ${secret.padEnd(17)} ${String(through.length).padStart(2)} of ${tried}: ${verdict}`,
    )
  }
  const count = rows.filter((row) => row.through.length > 0).length
  console.log(`  ${count} of ${rows.length} secrets reach the sink`)
}

const { values: args } = parseArgs({
  options: { scrubber: { type: 'string', default: 'src/core/scrub.ts' } },
})
const path = resolve(args.scrubber)
const { scrubText } = (await import(pathToFileURL(path).href)) as { scrubText: ScrubText }
console.log(`Scrubber: ${path}`)
/** What a page never holds: the session's credentials and ids. */
const NOT_IN_PAGES: readonly Secret[] = ['session token', 'JWT', 'session id']
const everyValue = Object.values(SECRETS)
const pageValues = (Object.entries(SECRETS) as [Secret, string][])
  .filter(([secret]) => !NOT_IN_PAGES.includes(secret))
  .map(([, value]) => value)
print(
  'The worker (every value known):',
  reaching(scrubText, () => everyValue),
)
print(
  `A page (${NOT_IN_PAGES.join(', ')} by pattern alone):`,
  reaching(scrubText, () => pageValues),
)
