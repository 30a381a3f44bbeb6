import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { encodeAbiParameters, encodeFunctionResult, multicall3Abi, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { WalletRoot } from './wallet-root.tsx'
import { WalletPanelBody } from './wallet-panel.tsx'
import { RPC_UNREACHABLE_MESSAGE } from './wallet-errors.ts'
import { TEST_PRIVATE_KEY, testWalletSetup } from './wallet.test-support.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const RPC_UNREACHABLE_TEXT = i18n._(RPC_UNREACHABLE_MESSAGE)

const address = privateKeyToAccount(TEST_PRIVATE_KEY).address

/** A balance read goes through multicall3 (`getEthBalance` inside `aggregate3`): one ether. */
const ONE_ETHER_MULTICALL = encodeFunctionResult({
  abi: multicall3Abi,
  functionName: 'aggregate3',
  result: [
    { success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [parseEther('1')]) },
  ],
})

/** An RPC that answers every call with `result`, or a network failure when `result` is null. */
function stubRpc(result: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (result === null) throw new TypeError('Failed to fetch')
      const body = JSON.parse(String(init.body)) as { id: number } | { id: number }[]
      const answer = (item: { id: number }) => ({ jsonrpc: '2.0', id: item.id, result })
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    }),
  )
}

function renderPanel(options?: { wallet?: boolean }) {
  const setup = testWalletSetup(options)
  return render(
    <WalletRoot setup={setup}>
      <WalletPanelBody />
    </WalletRoot>,
  )
}

beforeEach(() => stubRpc(ONE_ETHER_MULTICALL))
afterEach(() => vi.unstubAllGlobals())

describe('WalletPanel', () => {
  it('disconnected: offers the wallets this browser has', async () => {
    renderPanel()
    expect(await screen.findByRole('button', { name: 'Connect Test wallet' })).toBeEnabled()
    expect(screen.queryByTestId('wallet-connected')).toBeNull()
  })

  it('no wallet installed: says so instead of offering nothing', async () => {
    renderPanel({ wallet: false })
    expect(await screen.findByTestId('no-wallet')).toHaveTextContent('No wallet found')
  })

  it('connected: short address with copy, chain, balance, then disconnect', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Connect Test wallet' }))

    const shown = await screen.findByTestId('wallet-address')
    expect(shown).toHaveTextContent(`${address.slice(0, 6)}…${address.slice(-4)}`)
    expect(shown).toHaveAttribute('title', address)
    expect(screen.getByTestId('wallet-chain')).toHaveTextContent('Ethereum')
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('1 ETH')

    await user.click(screen.getByRole('button', { name: 'Copy address' }))
    expect(writeText).toHaveBeenCalledWith(address)
    expect(await screen.findByText('Copied')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Disconnect' }))
    expect(await screen.findByRole('button', { name: 'Connect Test wallet' })).toBeEnabled()
  })

  it('a wallet connected here is reconnected by the next page load, without asking', async () => {
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Connect Test wallet' }))
    await screen.findByTestId('wallet-address')
    cleanup()
    // A fresh setup and wallet over the same storage: what a reload gives.
    renderPanel()
    expect(await screen.findByTestId('wallet-address')).toHaveTextContent(address.slice(0, 6))
  })

  it('switches between Ethereum and Sepolia', async () => {
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Connect Test wallet' }))
    await user.click(await screen.findByRole('button', { name: 'Switch to Sepolia' }))
    expect(await screen.findByTestId('wallet-chain')).toHaveTextContent('Sepolia')
    await user.click(await screen.findByRole('button', { name: 'Switch to Ethereum' }))
    expect(await screen.findByTestId('wallet-chain')).toHaveTextContent('Ethereum')
  })

  it('RPC unreachable: a clear message, the wallet stays connected', async () => {
    stubRpc(null)
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Connect Test wallet' }))
    expect(await screen.findByTestId('wallet-rpc-error')).toHaveTextContent(RPC_UNREACHABLE_TEXT)
    expect(screen.getByTestId('wallet-address')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled()
  })

  it('a declined connection says so', async () => {
    localStorage.setItem('iyk-test-wallet-mode', 'reject-connect')
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Connect Test wallet' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You declined the request')
  })
})
