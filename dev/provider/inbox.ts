/** The inbox of "sent" codes and links: console lines, `GET /_dev/inbox` JSON, and a small HTML page. */
import type { DevRequest, Reply, Route } from '../http/types.ts'
import { header, json } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import type { InboxMessage } from './state.ts'

const KEEP_MESSAGES = 200

/** Records a message for `email` and prints it on the console. */
export function deliver(ctx: ProviderContext, message: InboxMessage): void {
  ctx.store.update((state) => {
    state.inbox.push(message)
    if (state.inbox.length > KEEP_MESSAGES)
      state.inbox.splice(0, state.inbox.length - KEEP_MESSAGES)
  })
  if (message.kind === 'otp') {
    ctx.log(`[inbox] ${message.email}: sign-in code ${message.code}`)
  } else {
    ctx.log(`[inbox] ${message.email}: magic link ${message.link}`)
  }
}

/** Messages newest first, for one address (case-insensitive) or all. */
export function listInbox(ctx: ProviderContext, email?: string): InboxMessage[] {
  const wanted = email?.trim().toLowerCase()
  return ctx.store.data.inbox
    .filter((message) => !wanted || message.email === wanted)
    .slice()
    .reverse()
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function inboxPage(messages: InboxMessage[], email: string): string {
  const rows = messages
    .map((message) => {
      const what =
        message.kind === 'otp'
          ? `<code class="code">${escapeHtml(message.code ?? '')}</code>`
          : `<a href="${escapeHtml(message.link ?? '')}">Open the magic link</a>`
      return `<li><span class="to">${escapeHtml(message.email)}</span> ${what} <time>${escapeHtml(message.sentAt)}</time></li>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:46rem;padding:0 1rem;background:#111;color:#eee}
a{color:#8cf}li{margin:.6rem 0;list-style:none;border-bottom:1px solid #333;padding-bottom:.6rem}
.code{font-size:1.6rem;letter-spacing:.2em;color:#fd6}.to{display:block;color:#aaa}time{display:block;color:#777;font-size:.8rem}
input{font:inherit;padding:.3rem}
</style></head><body>
<h1>Local inbox</h1>
<p>Codes and magic links the provider emulator "sent", newest first. This page refreshes itself.</p>
<form method="get"><input type="hidden" name="format" value="html">
<input name="email" type="email" placeholder="filter by email" value="${escapeHtml(email)}"> <button>Filter</button></form>
<ul>${rows || '<li>Nothing yet: sign in with any email address.</li>'}</ul>
</body></html>`
}

function inboxReply(ctx: ProviderContext, req: DevRequest): Reply {
  const email = req.query.get('email') ?? ''
  const wantsHtml =
    req.query.get('format') === 'html' ||
    (!req.query.has('email') && (header(req, 'accept') ?? '').includes('text/html'))
  const messages = listInbox(ctx, email || undefined)
  if (wantsHtml) {
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: inboxPage(messages, email),
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
