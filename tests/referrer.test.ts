/**
 * Around the page (issue 23): a sign-in link opened where no worker answers (every request of the
 * page reaches the static host) leaves its token in no request but the link's own (neither a URL
 * nor a `Referer`), and out of the address before the page names any subresource; the sign-in
 * still completes.
 */
import { describe, expect, it } from 'vitest'
import type { Request } from 'playwright-core'
import { browserSuite } from './support/browser-suite.ts'
import { expectEventsHome, latestMessage, newEmail } from './support/stack.ts'
import { appUrl } from './support/test-stack.ts'

const suite = browserSuite()

/** What a request told its server, read once the page is done. */
interface Sent {
  url: string
  referer: string | null
  /** The navigation that opened the link itself (the one request that must carry it). */
  opensLink: boolean
}

describe('a sign-in link where no worker answers', () => {
  it('reaches the static host in no URL and no Referer but its own, and signs in', async () => {
    // Service workers blocked: nothing answers from a cache, as on a first visit.
    const context = await suite.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const email = newEmail()
    // The link is asked for in this browser: with PKCE, it completes only where it began.
    await page.goto(appUrl + '/auth/email')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click()
    await page.getByText('We emailed a sign-in link').waitFor()
    const link = (await latestMessage(email, 'magic_link')).link ?? ''
    const token = new URL(link).searchParams.get('token') ?? ''
    expect(token).toHaveLength(44)
    const forms = [token, encodeURIComponent(token), token.slice(0, 20)]
    const carries = (text: string | null) => forms.some((form) => text?.includes(form) ?? false)

    // The address as the page stood when its parser met the first element that loads something.
    const addresses: string[] = []
    await page.exposeFunction('iykAddressAtFirstSubresource', (href: string) =>
      addresses.push(href),
    )
    await page.addInitScript(() => {
      const report = (window as unknown as Record<string, (href: string) => void>)
        .iykAddressAtFirstSubresource
      const loads = (node: Node) =>
        node instanceof Element &&
        ((node.localName === 'link' && node.hasAttribute('href')) ||
          (node.localName === 'script' && node.hasAttribute('src')) ||
          node.localName === 'img')
      const observer = new MutationObserver((records) => {
        if (!records.some((record) => [...record.addedNodes].some(loads))) return
        observer.disconnect()
        report?.(location.href)
      })
      observer.observe(document, { childList: true, subtree: true })
    })

    const requests: Promise<Sent>[] = []
    const record = async (request: Request): Promise<Sent> => ({
      url: request.url(),
      referer: await request.headerValue('referer'),
      opensLink:
        request.isNavigationRequest() &&
        request.frame() === page.mainFrame() &&
        request.url().startsWith(appUrl + '/auth/email?') &&
        carries(request.url()),
    })
    page.on('request', (request) => requests.push(record(request)))
    await page.goto(link)
    await expectEventsHome(page)
    expect(page.url()).toBe(appUrl + '/')

    const sent = await Promise.all(requests)
    expect(sent.filter((request) => request.opensLink)).toHaveLength(1)
    const toApp = sent.filter((request) => request.url.startsWith(appUrl + '/'))
    expect(toApp.length).toBeGreaterThan(1)
    for (const request of sent) {
      if (request.opensLink) continue
      expect(carries(request.url), request.url).toBe(false)
      // At most the origin, anywhere (`strict-origin`): never a path or a query.
      expect(carries(request.referer), `Referer of ${request.url}`).toBe(false)
      if (request.referer !== null) expect(request.referer).toBe(appUrl + '/')
    }
    // The landing's boot script ran first: no element that loads anything saw the token.
    expect(addresses[0]).toBe(appUrl + '/auth/email')
  })
})
