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
  // The app reads these at build time; when ports were moved, point it at where the stack really is.
  process.env.VITE_STYTCH_API_URL ??= stack.provider.url
  process.env.VITE_CARDS_API_URL ??= stack.cards.url
  process.env.VITE_SENTRY_DSN ??= stack.sink.dsn
  process.env.VITE_STYTCH_PUBLIC_TOKEN ??= stack.publicToken

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
  console.log(`  inbox               ${stack.provider.url}/_dev/inbox`)
  console.log('\nsign in with any email; the code appears here and in the inbox\n')
}

main().catch(failStart)
