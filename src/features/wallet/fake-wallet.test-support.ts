/**
 * Test helper: browser wallets as the page meets them. A fake EIP-1193 provider announced through
 * EIP-6963 (so wagmi's own injected connector drives it, as with MetaMask or Rabby) with the states
 * a real one is in: not yet allowed, already trusted, locked, on some chain, switching accounts;
 * and a fake of the provider's crypto-wallet calls that checks every signature like the provider.
 */
import { getAddress, numberToHex, recoverMessageAddress, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { AuthenticateData } from '../../core/provider-session.ts'
import {
  createWalletConfig,
  createWalletPersister,
  createWalletQueryClient,
  type WalletSetup,
} from './wallet-config.ts'
import type { WalletSignInProvider } from './wallet-sign-in-provider.ts'

/** Well-known development keys (they never hold anything). */
export const FAKE_KEYS = [
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const satisfies readonly Hex[]

/** The address of `FAKE_KEYS[index]`. */
export const fakeAddress = (index: number): Address =>
  privateKeyToAccount(FAKE_KEYS[index] ?? FAKE_KEYS[0]).address

/** How a fake wallet starts. */
export interface FakeWalletOptions {
  name: string
  /** EIP-6963 reverse DNS name, which is also wagmi's connector id. */
  rdns: string
  /** Indexes into FAKE_KEYS of the accounts it holds; the first is selected. */
  accounts?: number[]
  /** Already allowed this site (the holder connected it once): `eth_accounts` answers at once. */
  trusted?: boolean
  /** Locked: no accounts until a request unlocks it. */
  locked?: boolean
  /** Locks without telling the page (no `accountsChanged`): `eth_accounts` just answers []. */
  locksSilently?: boolean
  chainId?: number
  /** Signs with the selected account whatever address personal_sign names (some wallets do). */
  signsWithSelected?: boolean
}

type Listener = (...args: unknown[]) => void

/** An error as wallets throw them: an Error with an EIP-1193 code. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** A fake browser wallet; `asked` lists every method the page asked of it, in order. */
export function fakeWallet(options: FakeWalletOptions) {
  const keys = (options.accounts ?? [0]).map((index) => FAKE_KEYS[index] ?? FAKE_KEYS[0])
  let selected = 0
  let allowed = options.trusted ?? false
  let locked = options.locked ?? false
  let chainId = options.chainId ?? 1
  const listeners = new Map<string, Set<Listener>>()
  const asked: string[] = []
  /** Failures to answer with, per method, until cleared. */
  const refusals = new Map<string, number>()
  /** Something that happens while the wallet shows a request (the holder acting in it). */
  const during = new Map<string, () => void | Promise<void>>()

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const account = () => privateKeyToAccount(keys[selected] ?? FAKE_KEYS[0])
  const exposed = (): Address[] => (allowed && !locked ? [account().address] : [])

  async function request({ method, params }: { method: string; params?: unknown }) {
    asked.push(method)
    await during.get(method)?.()
    const refusal = refusals.get(method)
    if (refusal !== undefined) throw rpcError(refusal, `${options.name} refused ${method}`)
    switch (method) {
      case 'eth_accounts':
        return exposed()
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        // The holder unlocks the wallet and allows the site.
        locked = false
        allowed = true
        const accounts = exposed()
        return method === 'eth_requestAccounts'
          ? accounts
          : [{ parentCapability: 'eth_accounts', caveats: [{ type: 'x', value: accounts }] }]
      }
      case 'wallet_revokePermissions':
        allowed = false
        return null
      case 'personal_sign': {
        const [data, address] = params as [Hex, string]
        const signer = options.signsWithSelected
          ? account()
          : exposed().some((item) => item.toLowerCase() === address.toLowerCase())
            ? account()
            : null
        if (!signer) throw rpcError(4100, 'The requested account has not been authorized.')
        return signer.signMessage({ message: { raw: data } })
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId: hex }] = params as [{ chainId: Hex }]
        wallet.setChain(Number(hex))
        return null
      }
      default:
        throw rpcError(4200, `${options.name} does not support ${method}`)
    }
  }

  const provider = {
    request,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  const wallet = {
    provider,
    asked,
    /** How many times the page asked `method`. */
    count: (method: string) => asked.filter((item) => item === method).length,
    /** The holder picks another of the wallet's accounts. */
    select(index: number) {
      selected = index
      emit('accountsChanged', exposed())
    },
    /** The holder (or a dapp) moves the wallet to another network. */
    setChain(next: number) {
      chainId = next
      emit('chainChanged', numberToHex(next))
    },
    /** The wallet locks itself: it shows no account any more (and says so, unless `locksSilently`). */
    lock() {
      locked = true
      if (!options.locksSilently) emit('accountsChanged', [])
    },
    /** From now on, `method` fails with `code` (4001: the holder says no); null: answers again. */
    refuse(method: string, code: number | null) {
      if (code === null) refusals.delete(method)
      else refusals.set(method, code)
    },
    /** Runs `act` whenever `method` is asked, before the wallet answers; null: no more. */
    whileAsked(method: string, act: (() => void | Promise<void>) | null) {
      if (act) during.set(method, act)
      else during.delete(method)
    },
    /**
     * Holds every answer to `method` (a wallet slow to answer) until the returned function is
     * called; then those waiting are answered, and later requests at once.
     */
    hold(method: string): () => void {
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      during.set(method, () => held)
      return () => {
        during.delete(method)
        release()
      }
    },
    /** Announces the wallet (EIP-6963) now and whenever the page asks; returns how to stop. */
    announce(): () => void {
      const detail = Object.freeze({
        info: {
          uuid: `uuid-${options.rdns}`,
          name: options.name,
          icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
          rdns: options.rdns,
        },
        provider,
      })
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
      return () => window.removeEventListener('eip6963:requestProvider', announce)
    },
  }
  return wallet
}

/** A fresh wallet setup with no test wallet: only the wallets the page announces. */
export function fakeWalletSetup(): WalletSetup {
  return {
    config: createWalletConfig({
      rpcUrlMainnet: 'http://rpc.test:1',
      rpcUrlSepolia: 'http://rpc.test:2',
      storage: localStorage,
    }),
    queryClient: createWalletQueryClient(),
    persister: createWalletPersister(localStorage),
  }
}

/** One call to the fake provider's authenticate: who it was for, and who really signed. */
export interface Authentication {
  address: string
  signer: Address
}

/**
 * The provider's crypto-wallet calls, checked as the provider checks them: a challenge per address
 * (naming the chain asked for), and authenticate recovering the signer of that address's challenge.
 * `started` and `authenticated` record every call; `onStart` runs while a challenge is prepared.
 */
export function fakeWalletProvider(onStart?: () => void | Promise<void>) {
  const challenges = new Map<string, string>()
  const started: { address: string; chainId: number }[] = []
  const authenticated: Authentication[] = []
  const provider: WalletSignInProvider = {
    async start(address, chainId) {
      started.push({ address, chainId })
      await onStart?.()
      const challenge = `IYK Cards wants you to sign in with ${getAddress(address)}\nChain ID: ${chainId}\nNonce: ${started.length}`
      challenges.set(address.toLowerCase(), challenge)
      return challenge
    },
    async authenticate(address, signature) {
      const message = challenges.get(address.toLowerCase()) ?? ''
      const signer = await recoverMessageAddress({ message, signature: signature as Hex })
      authenticated.push({ address, signer })
      if (signer.toLowerCase() !== address.toLowerCase()) {
        throw Object.assign(new Error('refused'), {
          error_type: 'unable_to_authenticate_crypto_wallet',
          status_code: 401,
        })
      }
      return SESSION
    },
  }
  return { provider, started, authenticated }
}

/** What the fake provider answers on success. */
export const SESSION: AuthenticateData = {
  session_token: 'token',
  session_jwt: 'jwt',
  session: { expires_at: '2030-01-01T00:00:00Z' },
  user: { user_id: 'user-1', emails: [] },
}
