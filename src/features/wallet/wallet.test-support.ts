/** Test helper: a wallet setup over fake RPC URLs, with the key-backed test wallet when asked. */
import {
  createWalletConfig,
  createWalletPersister,
  createWalletQueryClient,
  type WalletSetup,
} from './wallet-config.ts'
import { TEST_WALLET_KEY, testWalletConnectors } from './wallet-test-connector.ts'

/** A well-known development key (never holds anything). */
export const TEST_PRIVATE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** A fresh setup; `wallet: false` leaves the browser with no wallet at all. */
export function testWalletSetup({ wallet = true } = {}): WalletSetup {
  if (wallet) localStorage.setItem(TEST_WALLET_KEY, TEST_PRIVATE_KEY)
  return {
    config: createWalletConfig({
      rpcUrlMainnet: 'http://rpc.test:1',
      rpcUrlSepolia: 'http://rpc.test:2',
      storage: localStorage,
      connectors: testWalletConnectors(localStorage),
    }),
    queryClient: createWalletQueryClient(),
    persister: createWalletPersister(localStorage),
  }
}
