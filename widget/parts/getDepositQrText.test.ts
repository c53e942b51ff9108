import { describe, expect, it } from 'vitest'
import type { DepositInstructions } from '../../shared/wallet'
import { getDepositQrText } from './getDepositQrText'

const deposit = (chain: string, address: string): DepositInstructions => ({
  address,
  memo: '=:ETH.ETH:0xf39f:0/1/0',
  amount: '0.015',
  asset: { caip: 'bip122:000000000019d6689c085ae165831e93/slip44:0', symbol: 'BTC' },
  chain,
  expiresAt: '2030-01-01T00:00:00.000Z',
})

describe('getDepositQrText', () => {
  it('gives a UTXO deposit a BIP-21 payment URI with the exact amount, and no memo field', () => {
    expect(getDepositQrText(deposit('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'))).toBe(
      'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.015',
    )
  })

  it('carries a cashaddr prefix once', () => {
    expect(getDepositQrText(deposit('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'))).toBe(
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.015',
    )
  })

  it('gives a chain without such a URI the bare address, which its wallets scan', () => {
    expect(getDepositQrText(deposit('GAIA', 'cosmos1abc'))).toBe('cosmos1abc')
  })
})
