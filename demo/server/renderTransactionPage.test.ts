import { describe, expect, it } from 'vitest'
import type { SandboxTransaction } from './readSandboxTransaction'
import { renderTransactionPage } from './renderTransactionPage'

const transaction: SandboxTransaction = {
  chain: { symbol: 'ETH', chainId: 1, name: 'Ethereum', nativeSymbol: 'ETH' },
  hash: `0x${'ab'.repeat(32)}`,
  status: 'success',
  blockNumber: 46n,
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x3200B3E272007a8685B0C66c84eb4c03e7E29ed1',
  value: '0.1',
  gasUsed: 135991n,
  fee: '0.000136462708581925',
  transfers: [
    {
      symbol: 'USDC',
      contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      from: '0xFE3Bcec31D4eEAA49B6Af455D7a2C46bC5d8B17E',
      to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      amount: '299.082108',
    },
    {
      symbol: undefined,
      contract: '0x0000000000000000000000000000000000000bad',
      from: '0x0000000000000000000000000000000000000001',
      to: '0x0000000000000000000000000000000000000002',
      amount: '12345',
    },
  ],
}

describe('renderTransactionPage', () => {
  it('shows status, block, value, fee and each transfer, uncurated tokens by contract in base units', async () => {
    const page = String(await renderTransactionPage({ kind: 'found', transaction }))
    expect(page).toContain('<title>Transaction on Ethereum (sandbox)</title>')
    expect(page).toMatch(/data-testid="tx-status"\s*>Success</)
    expect(page).toContain('0.1 ETH')
    expect(page).toContain('0.000136462708581925 ETH')
    expect(page).toContain('<td>USDC</td>')
    expect(page).toContain('299.082108')
    expect(page).toContain('12345 (base units)')
    expect(page).toContain('<code>0x0000000000000000000000000000000000000bad</code>')
  })

  it('marks a reverted transaction', async () => {
    const page = String(
      await renderTransactionPage({
        kind: 'found',
        transaction: { ...transaction, status: 'reverted', transfers: [] },
      }),
    )
    expect(page).toMatch(/class="status reverted"[^>]*>Reverted</)
    expect(page).toContain('None.')
  })

  it('explains a missing transaction, escaping what came from the URL', async () => {
    const page = String(
      await renderTransactionPage({
        kind: 'missing',
        chainName: 'Ethereum',
        chainId: 1,
        hash: '<script>x</script>',
      }),
    )
    expect(page).toContain('Transaction not found (sandbox)')
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(page).not.toContain('<script>x')
  })
})
