/** The inbox of "sent" codes, links and text messages: console lines, `GET /_dev/inbox` JSON, and a small HTML page. */
import type { DevRequest, Reply, Route } from '../http/types.ts'
import { header, json } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import type { InboxMessage } from './state.ts'

const KEEP_MESSAGES = 200

/** Records a message for its email address or phone number and prints it on the console. */
export function deliver(ctx: ProviderContext, message: InboxMessage): void {
  ctx.store.update((state) => {
    state.inbox.push(message)
    if (state.inbox.length > KEEP_MESSAGES)
      state.inbox.splice(0, state.inbox.length - KEEP_MESSAGES)
  })
  if (message.kind === 'otp') {
    ctx.log(`[inbox] ${message.email}: sign-in code ${message.code}`)
  } else if (message.kind === 'sms') {
    ctx.log(`[inbox] ${message.phone_number} (text message): sign-in code ${message.code}`)
  } else {
    ctx.log(`[inbox] ${message.email}: magic link ${message.link}`)
  }
}

/** Which messages to list: for one address (case-insensitive), one phone number, or all. */
export interface InboxFilter {
  email?: string | undefined
  phoneNumber?: string | undefined
}

/**
 * A phone number from a query string: `URLSearchParams` turns an unencoded `+` into a space, so a
 * number typed as `?phone_number=+15550100` arrives as " 15550100" and still matches.
 */
function phoneFromQuery(value: string): string {
  const digits = value.replace(/[\s()-]/g, '')
  return digits && !digits.startsWith('+') ? `+${digits}` : digits
}

/** Messages newest first, for one address (case-insensitive), one phone number, or all. */
export function listInbox(ctx: ProviderContext, filter: InboxFilter = {}): InboxMessage[] {
  const email = filter.email?.trim().toLowerCase()
  const phone = filter.phoneNumber ? phoneFromQuery(filter.phoneNumber) : undefined
  return ctx.store.data.inbox
    .filter((message) => !email || message.email === email)
    .filter((message) => !phone || message.phone_number === phone)
    .slice()
    .reverse()
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function inboxPage(messages: InboxMessage[], email: string, phone: string): string {
  const rows = messages
    .map((message) => {
      const what =
        message.kind === 'magic_link'
          ? `<a href="${escapeHtml(message.link ?? '')}">Open the magic link</a>`
          : `<code class="code">${escapeHtml(message.code ?? '')}</code>`
      const to =
        message.kind === 'sms'
          ? `${escapeHtml(message.phone_number ?? '')} <span class="via">text message</span>`
          : escapeHtml(message.email ?? '')
      return `<li><span class="to">${to}</span> ${what} <time>${escapeHtml(message.sentAt)}</time></li>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;background:#111;color:#eee}
a{color:#8cf}li{margin:.6rem 0;list-style:none;border-bottom:1px solid #333;padding-bottom:.6rem}
.code{font-size:1.6rem;letter-spacing:.2em;color:#fd6}.to{display:block;color:#aaa}.via{color:#8c8;font-size:.8rem}time{display:block;color:#777;font-size:.8rem}
input{font:inherit;padding:.3rem}
</style></head><body>
<h1>Local inbox</h1>
<p>Codes, magic links and text messages the provider emulator "sent", newest first. This page refreshes itself.</p>
<form method="get"><input type="hidden" name="format" value="html">
<input name="email" type="email" placeholder="filter by email" value="${escapeHtml(email)}">
<input name="phone_number" type="tel" placeholder="or by phone number" value="${escapeHtml(phone)}"> <button>Filter</button></form>
<ul>${rows || '<li>Nothing yet: sign in with any email address or phone number.</li>'}</ul>
</body></html>`
}

function inboxReply(ctx: ProviderContext, req: DevRequest): Reply {
  const email = req.query.get('email') ?? ''
  const phone = req.query.get('phone_number') ?? ''
  const filtered = req.query.has('email') || req.query.has('phone_number')
  const wantsHtml =
    req.query.get('format') === 'html' ||
    (!filtered && (header(req, 'accept') ?? '').includes('text/html'))
  const messages = listInbox(ctx, { email: email || undefined, phoneNumber: phone || undefined })
  if (wantsHtml) {
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: inboxPage(messages, email, phone),
    }
  }
  return json(200, { messages })
}

/** The inbox routes: JSON for scripts and tests, HTML for people. */
export function inboxRoutes(ctx: ProviderContext): Route[] {
  return [
    { method: 'GET', pattern: '/_dev/inbox', handler: (req) => inboxReply(ctx, req) },
    {
      method: 'DELETE',
      pattern: '/_dev/inbox',
      handler: () => {
        ctx.store.update((state) => (state.inbox = []))
        return json(200, { ok: true })
      },
    },
  ]
}
