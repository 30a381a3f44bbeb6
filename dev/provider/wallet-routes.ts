/** Crypto-wallet sign-in: a challenge (plain or SIWE) from authenticate/start, an EIP-191 signature back. */
import { randomBytes } from 'node:crypto'
import { getAddress, isAddress, recoverMessageAddress, type Hex } from 'viem'
import { createSiweMessage, generateSiweNonce, SiweInvalidMessageFieldError } from 'viem/siwe'
import { rfc3339 } from '../clock.ts'
import type { DevRequest, Route } from '../http/types.ts'
import { header } from '../http/types.ts'
import type { ProviderContext } from './context.ts'
import { ProviderError } from './errors.ts'
import { checkFields, readFields, type Fields } from './fields.ts'
import { sdkRoute } from './sdk-route.ts'
import { authenticateData, liveSession, sessionMinutes, startSession } from './sessions.ts'
import { userForWallet } from './users.ts'

const CHALLENGE_MINUTES = 10
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/

const SIWE_FIELDS = {
  uri: 'string?',
  chain_id: 'string?',
  issued_at: 'string?',
  statement: 'string?',
  not_before: 'string?',
  message_request_id: 'string?',
  resources: 'string[]?',
} as const

/** The wallet fields authenticate/start and authenticate both take. */
function checkWallet(
  fields: Fields<{ crypto_wallet_address: 'string'; crypto_wallet_type: 'string' }>,
): { address: string; type: string } {
  if (fields.crypto_wallet_type !== 'ethereum') {
    throw new ProviderError(400, 'invalid_wallet_type', 'Only ethereum wallets are emulated.')
  }
  const address = fields.crypto_wallet_address
  if (!isAddress(address, { strict: false })) {
    throw new ProviderError(400, 'invalid_ethereum_address', 'The wallet address is not valid.')
  }
  return { address: address.toLowerCase(), type: 'ethereum' }
}

function parentHost(req: DevRequest): { domain: string; origin: string } {
  const origin = header(req, 'x-sdk-parent-host') ?? header(req, 'origin') ?? 'http://localhost'
  try {
    return { domain: new URL(origin).host, origin }
  } catch {
    throw new ProviderError(400, 'invalid_siwe_domain', 'X-SDK-Parent-Host is not an origin.')
  }
}

function optionalDate(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) {
    throw new ProviderError(400, `invalid_siwe_${field}`, `${field} must be an RFC 3339 time.`)
  }
  return date
}

function siweChallenge(ctx: ProviderContext, req: DevRequest, address: string, raw: unknown) {
  const params: Partial<Fields<typeof SIWE_FIELDS>> =
    raw === undefined ? {} : checkFields(raw, SIWE_FIELDS, '.siwe_params')
  const { domain, origin } = parentHost(req)
  const chainId = Number(params.chain_id ?? '1')
  if (!Number.isInteger(chainId) || chainId <= 0) {
    throw new ProviderError(400, 'invalid_siwe_chain_id', 'chain_id must be a positive integer.')
  }
  try {
    return createSiweMessage({
      address: getAddress(address),
      chainId,
      domain,
      uri: params.uri ?? origin,
      version: '1',
      nonce: generateSiweNonce(),
      issuedAt: optionalDate(params.issued_at, 'issued_at') ?? new Date(ctx.clock.now()),
      notBefore: optionalDate(params.not_before, 'not_before'),
      statement: params.statement,
      requestId: params.message_request_id,
      resources: params.resources,
    })
  } catch (error) {
    if (!(error instanceof SiweInvalidMessageFieldError)) throw error
    const field = /`(\w+)`/.exec(error.shortMessage)?.[1] ?? 'message'
    throw new ProviderError(400, `invalid_siwe_${field}`, error.shortMessage)
  }
}

function start(ctx: ProviderContext, req: DevRequest): object {
  const fields = readFields(req, {
    crypto_wallet_address: 'string',
    crypto_wallet_type: 'string',
    siwe_params: 'object?',
    captcha_token: 'string?',
  })
  const { address, type } = checkWallet(fields)
  const challenge = ctx.config.siwe
    ? siweChallenge(ctx, req, address, fields.siwe_params)
    : `Signing in with Project: ${ctx.config.projectId}\nNonce: ${randomBytes(16).toString('hex')}`
  const now = ctx.clock.now()
  const { user, created } = ctx.store.update((state) => {
    state.walletChallenges[address] = {
      address,
      type,
      challenge,
      expires_at: rfc3339(now + CHALLENGE_MINUTES * 60_000),
    }
    return userForWallet(state, address, type, rfc3339(now))
  })
  return { challenge, user_id: user.user_id, user_created: created }
}

async function authenticate(ctx: ProviderContext, req: DevRequest): Promise<object> {
  const fields = readFields(req, {
    crypto_wallet_address: 'string',
    crypto_wallet_type: 'string',
    signature: 'string',
    session_duration_minutes: 'number?',
    captcha_token: 'string?',
    dfp_telemetry_id: 'string?',
  })
  const minutes = sessionMinutes(fields.session_duration_minutes)
  const { address, type } = checkWallet(fields)
  const signature = fields.signature
  if (!SIGNATURE.test(signature)) {
    throw new ProviderError(400, 'invalid_signature', 'signature must be a 65-byte hex string.')
  }
  const pending = ctx.store.data.walletChallenges[address]
  if (!pending) {
    throw new ProviderError(404, 'crypto_wallet_not_found', 'Call authenticate/start first.')
  }
  if (Date.parse(pending.expires_at) <= ctx.clock.now()) {
    const errorType = ctx.config.siwe
      ? 'siwe_message_expired'
      : 'unable_to_authenticate_crypto_wallet'
    throw new ProviderError(401, errorType, 'The challenge has expired: start again.')
  }
  let signer: string
  try {
    signer = await recoverMessageAddress({
      message: pending.challenge,
      signature: signature as Hex,
    })
  } catch {
    throw new ProviderError(400, 'invalid_signature', 'The signature could not be read.')
  }
  if (signer.toLowerCase() !== address) {
    throw new ProviderError(
      401,
      'unable_to_authenticate_crypto_wallet',
      'The signature was not made by this wallet over the issued challenge.',
    )
  }
  const session = ctx.store.update((state) => {
    delete state.walletChallenges[address]
    const now = rfc3339(ctx.clock.now())
    const { user } = userForWallet(state, address, type, now)
    const wallet = user.crypto_wallets.find((item) => item.crypto_wallet_address === address)
    if (wallet) wallet.verified = true
    const factor = {
      type: 'crypto',
      delivery_method: 'crypto_wallet',
      last_authenticated_at: now,
      crypto_wallet_factor: {
        crypto_wallet_id: wallet?.crypto_wallet_id ?? '',
        crypto_wallet_address: address,
        crypto_wallet_type: type,
      },
    }
    return startSession(ctx, state, user, factor, minutes)
  })
  return authenticateData(ctx, session)
}

/**
 * The crypto-wallet routes. The SDK calls `start/secondary` when it holds a session (to add the
 * wallet to it): that needs a live one, as the provider's does. Adding the wallet to the
 * session's user is not modelled: the app signs in with a wallet only from no session.
 */
export function walletRoutes(ctx: ProviderContext): Route[] {
  return [
    sdkRoute(ctx, 'POST', '/crypto_wallets/authenticate/start/primary', (req) => start(ctx, req)),
    sdkRoute(ctx, 'POST', '/crypto_wallets/authenticate/start/secondary', (req, auth) => {
      liveSession(ctx, auth.secret)
      return start(ctx, req)
    }),
    sdkRoute(ctx, 'POST', '/crypto_wallets/authenticate', (req) => authenticate(ctx, req)),
  ]
}
