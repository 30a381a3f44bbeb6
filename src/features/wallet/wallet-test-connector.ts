/**
 * TEST ONLY: a wallet connector backed by a private key the browser tests put in localStorage.
 * Only the browser-test build contains this module (see `walletSetup` in wallet-config.ts). It weakens nothing: it
 * only lets someone who already holds a key sign with it, exactly as a browser wallet would.
 */
import {
  fromHex,
  getAddress,
  isHex,
  numberToHex,
  SwitchChainError,
  UserRejectedRequestError,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createConnector, type CreateConnectorFn } from 'wagmi'

/** localStorage key holding the test wallet's private key (set only by browser tests). */
export const TEST_WALLET_KEY = 'iyk-test-wallet'

/**
 * localStorage key that makes the test wallet misbehave, read on every request:
 * `reject-connect` / `reject-sign` (the user says no), `wrong-key` (signs with another key).
 */
export const TEST_WALLET_MODE_KEY = 'iyk-test-wallet-mode'

/**
 * localStorage key that makes the test wallet "already trusted" when it holds `1`, as a browser
 * wallet is once the holder has connected it to this site: it answers `eth_accounts` with its
 * address from the start, so wagmi reconnects it as the wallet code loads (decision 020). The
 * trust belongs to the wallet, not the site: sign-out leaves it, as it leaves the key.
 */
export const TEST_WALLET_TRUSTED_KEY = 'iyk-test-wallet-trusted'

/** A page global the browser tests may expose: told every method the wallet is asked. */
interface AskedHook {
  iykTestWalletAsked?(method: string): unknown
}

/** The private key from `storage`, or null when absent or malformed (then no test wallet). */
export function readTestWalletKey(storage: Pick<Storage, 'getItem'>): Hex | null {
  let value: string | null
  try {
    value = storage.getItem(TEST_WALLET_KEY)
  } catch {
    return null
  }
  return value && isHex(value) && value.length === 66 ? value : null
}

/** The test wallet when a browser test put a well-formed key in `storage`, else none. */
export function testWalletConnectors(storage: Pick<Storage, 'getItem'>): CreateConnectorFn[] {
  const key = readTestWalletKey(storage)
  return key ? [testWalletConnector(key, storage)] : []
}

interface Request {
  method: string
  params?: unknown
}

/** A wallet connector that answers accounts, chain, signing and chain switches locally (no RPC). */
export function testWalletConnector(privateKey: Hex, storage: Pick<Storage, 'getItem'>) {
  const account = privateKeyToAccount(privateKey)
  const read = (key: string) => {
    try {
      return storage.getItem(key)
    } catch {
      return null
    }
  }
  const mode = () => read(TEST_WALLET_MODE_KEY)
  const trusted = () => read(TEST_WALLET_TRUSTED_KEY) === '1'
  let connected = false

  return createConnector<{ request(request: Request): Promise<unknown> }>((config) => {
    let chainId = config.chains[0].id

    const provider = {
      async request({ method, params }: Request): Promise<unknown> {
        void (globalThis as AskedHook).iykTestWalletAsked?.(method)
        switch (method) {
          case 'eth_accounts':
            return connected || trusted() ? [account.address] : []
          case 'eth_requestAccounts':
            if (mode() === 'reject-connect') {
              throw new UserRejectedRequestError(new Error('The test wallet declined.'))
            }
            return [account.address]
          case 'eth_chainId':
            return numberToHex(chainId)
          case 'personal_sign': {
            if (mode() === 'reject-sign') {
              throw new UserRejectedRequestError(new Error('The test wallet declined.'))
            }
            const [data] = params as [Hex, string]
            const signer =
              mode() === 'wrong-key' ? privateKeyToAccount(generatePrivateKey()) : account
            return signer.signMessage({ message: { raw: data } })
          }
          case 'wallet_switchEthereumChain': {
            const [{ chainId: hex }] = params as [{ chainId: Hex }]
            const next = fromHex(hex, 'number')
            if (!config.chains.some((chain) => chain.id === next)) {
              throw new SwitchChainError(new Error(`Chain ${next} is not configured.`))
            }
            chainId = next
            config.emitter.emit('change', { chainId })
            return null
          }
          default:
            throw new Error(`The test wallet does not answer ${method}.`)
        }
      },
    }

    return {
      id: 'iyk-test-wallet',
      name: 'Test wallet',
      type: 'iyk-test-wallet',
      async connect(parameters) {
        // Reconnecting asks nothing, as a browser wallet that trusts the site answers at once
        // (wagmi reconnects only when isAuthorized said the site was allowed).
        if (parameters?.isReconnecting) connected = true
        await provider.request({
          method: parameters?.isReconnecting ? 'eth_accounts' : 'eth_requestAccounts',
        })
        connected = true
        await config.storage?.setItem('iyk-test-wallet.connected', true)
        await config.storage?.removeItem('iyk-test-wallet.disconnected')
        if (parameters?.chainId && parameters.chainId !== chainId) {
          await this.switchChain?.({ chainId: parameters.chainId })
        }
        // The connector's declared return type depends on a generic flag we never set.
        return { accounts: [account.address], chainId } as never
      },
      async disconnect() {
        connected = false
        await config.storage?.removeItem('iyk-test-wallet.connected')
        // As wagmi's injected wallets do: a trusting wallet is not reconnected after a disconnect.
        await config.storage?.setItem('iyk-test-wallet.disconnected', true)
      },
      async getAccounts() {
        return connected || trusted() ? [getAddress(account.address)] : []
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        if (await config.storage?.getItem('iyk-test-wallet.disconnected')) return false
        return trusted() || Boolean(await config.storage?.getItem('iyk-test-wallet.connected'))
      },
      async switchChain({ chainId: next }) {
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(next) }],
        })
        const chain = config.chains.find((item) => item.id === next)
        if (!chain) throw new SwitchChainError(new Error(`Chain ${next} is not configured.`))
        return chain
      },
      onAccountsChanged(accounts) {
        config.emitter.emit('change', { accounts: accounts.map((item) => getAddress(item)) })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      onDisconnect() {
        connected = false
        config.emitter.emit('disconnect')
      },
    }
  })
}
