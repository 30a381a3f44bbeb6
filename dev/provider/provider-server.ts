/** The provider emulator: the SDK API under `/sdk/v1`, the JWKS, the inbox and the dev controls. */
import type { Clock } from '../clock.ts'
import type { CorsPolicy } from '../http/cors.ts'
import { startDevServer, type DevServer } from '../http/dev-server.ts'
import type { ProviderConfig, ProviderContext } from './context.ts'
import { apiError } from './errors.ts'
import { inboxRoutes } from './inbox.ts'
import { magicLinkRoutes } from './magic-link-routes.ts'
import { DEFAULT_OAUTH_PROVIDERS, oauthRoutes } from './oauth-routes.ts'
import { otpRoutes } from './otp-routes.ts'
import { projectRoutes } from './project-routes.ts'
import { SendLimiter } from './send-limits.ts'
import { sessionRoutes } from './session-routes.ts'
import { loadSigningKey } from './signing-key.ts'
import { smsRoutes } from './sms-routes.ts'
import { openProviderState, pruneExpired } from './state.ts'
import { walletRoutes } from './wallet-routes.ts'
import { webauthnRoutes } from './webauthn-routes.ts'

/** Where and how to run the emulator. */
export interface ProviderServerOptions {
  config: ProviderConfig
  dataDir: string
  host: string
  port: number
  cors: CorsPolicy
  clock: Clock
  log(line: string): void
}

/** Starts the provider emulator. */
export async function startProviderServer(options: ProviderServerOptions): Promise<DevServer> {
  const { config } = options
  // The OAuth switches' defaults, in place: `/_dev/config` reads and changes this very object.
  config.pkceRequiredForOAuth ??= true
  config.oauthProviders ??= [...DEFAULT_OAUTH_PROVIDERS]
  const ctx: ProviderContext = {
    config,
    store: openProviderState(options.dataDir),
    key: await loadSigningKey(options.dataDir),
    limits: new SendLimiter(() => ({
      perSecond: config.emailSendsPerSecond,
      perHour: config.emailSendsPerHour,
    })),
    clock: options.clock,
    log: options.log,
  }
  ctx.store.update((state) => pruneExpired(state, ctx.clock.now()))
  const routes = [
    ...projectRoutes(ctx),
    ...otpRoutes(ctx),
    ...magicLinkRoutes(ctx),
    ...sessionRoutes(ctx),
    ...walletRoutes(ctx),
    ...webauthnRoutes(ctx),
    ...smsRoutes(ctx),
    ...oauthRoutes(ctx),
    ...inboxRoutes(ctx),
  ]
  return startDevServer(
    {
      name: 'provider emulator',
      routes,
      cors: options.cors,
      errorBody: apiError,
      onReset: () => ctx.limits.reset(),
    },
    options.host,
    options.port,
  )
}
