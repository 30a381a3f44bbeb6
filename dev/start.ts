/** `npm start`: the local stack plus the app's Vite dev server, wired to each other. */
import { closeOnSignals, describeStack, failStart, startStack } from './stack.ts'
import { optionsFromEnv } from './stack-options.ts'

async function main(): Promise<void> {
  const appPort = Number(process.env.APP_PORT ?? 5173)
  if (!Number.isInteger(appPort) || appPort <= 0 || appPort > 65_535) {
    throw new RangeError(`APP_PORT must be a port number, not "${process.env.APP_PORT}".`)
  }
  const appUrl = `http://127.0.0.1:${appPort}`
  const stack = await startStack({ appUrl, ...optionsFromEnv() })
  // The app's defaults already point at a stack on the default ports. Only when the stack moved
  // (and nothing was set explicitly) tell Vite where it really is; .env files are left alone otherwise.
  const wiring: Record<string, [actual: string, appDefault: string]> = {
    VITE_STYTCH_API_URL: [stack.provider.url, 'http://127.0.0.1:8787'],
    VITE_CARDS_API_URL: [stack.cards.url, 'http://127.0.0.1:8788'],
    VITE_SENTRY_DSN: [stack.sink.dsn, 'http://public@127.0.0.1:8789/1'],
    VITE_STYTCH_PUBLIC_TOKEN: [stack.publicToken, 'public-token-test-local'],
  }
  for (const [name, [actual, appDefault]] of Object.entries(wiring)) {
    if (actual !== appDefault) process.env[name] ??= actual
  }

  let vite: { close(): Promise<void> } | undefined
  closeOnSignals(async () => {
    await vite?.close()
    await stack.close()
  })
  try {
    const { createServer } = await import('vite')
    const server = await createServer({
      server: { port: appPort, host: '127.0.0.1', strictPort: true },
    })
    vite = server
    await server.listen()
  } catch (error) {
    await stack.close()
    throw error
  }
  console.log(describeStack(stack))
  console.log(`\n  app                 ${appUrl}/`)
  // A passkey needs a domain name: the same app at localhost (authorized too) can hold one.
  console.log(`  app for passkeys    ${appUrl.replace('127.0.0.1', 'localhost')}/`)
  console.log(`  inbox               ${stack.provider.url}/_dev/inbox`)
  console.log('\nsign in with any email; the code appears here and in the inbox\n')
}

main().catch(failStart)
