/** The wallet list on its own (the account page): what choosing a wallet that fails shows and reports. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConnectorList } from './connector-list.tsx'
import { WalletRoot } from './wallet-root.tsx'
import { DECLINED_MESSAGE, GENERIC_WALLET_MESSAGE } from './wallet-errors.ts'
import { fakeWallet, fakeWalletSetup } from './fake-wallet.test-support.ts'
import { i18n } from '@lingui/core'

/** Our words, in English: the language the tests render in. */
const DECLINED_TEXT = i18n._(DECLINED_MESSAGE)
const GENERIC_WALLET_TEXT = i18n._(GENERIC_WALLET_MESSAGE)

const { reportError } = vi.hoisted(() => ({ reportError: vi.fn() }))
vi.mock('../../shared/error-reporting.ts', () => ({ reportError }))

let stop = () => {}
afterEach(() => {
  stop()
  reportError.mockClear()
})

/** The list with `wallet` announced; resolves once its button is shown. */
async function renderList(wallet: ReturnType<typeof fakeWallet>) {
  stop = wallet.announce()
  render(
    <WalletRoot setup={fakeWalletSetup()}>
      <ConnectorList />
    </WalletRoot>,
  )
  return screen.findByRole('button', { name: 'Connect Alpha' })
}

describe('ConnectorList', () => {
  it('a TypeError while connecting (a bug in a wallet or a library) is shown as generic and reported', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' })
    const bug = new TypeError("Cannot read properties of undefined (reading 'chainId')")
    alpha.whileAsked('eth_chainId', () => {
      throw bug
    })
    await userEvent.click(await renderList(alpha))
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_WALLET_TEXT)
    expect(reportError).toHaveBeenCalledWith(bug, { op: 'wallet-connect' })
  })

  it('a declined connection says so and is not reported', async () => {
    const alpha = fakeWallet({ name: 'Alpha', rdns: 'com.alpha' })
    alpha.refuse('wallet_requestPermissions', 4001)
    await userEvent.click(await renderList(alpha))
    expect(await screen.findByRole('alert')).toHaveTextContent(DECLINED_TEXT)
    expect(reportError).not.toHaveBeenCalled()
  })
})
