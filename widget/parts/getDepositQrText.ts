import type { DepositInstructions } from '../../shared/wallet'

/** The BIP-21 style URI schemes of the UTXO chains, by chain symbol. */
const uriSchemes: Record<string, string> = {
  BTC: 'bitcoin',
  BCH: 'bitcoincash',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
}

/**
 * What a deposit's QR code holds: on a UTXO chain a BIP-21 style payment URI with the amount
 * (`bitcoin:<address>?amount=<btc>`), elsewhere the bare address, which is what those wallets scan.
 * Neither can carry the memo: there is no field for it.
 *
 * @example
 * getDepositQrText({ chain: 'BTC', address: 'bc1q…', amount: '0.01', … }) // 'bitcoin:bc1q…?amount=0.01'
 */
export function getDepositQrText({ chain, address, amount }: DepositInstructions): string {
  const scheme = uriSchemes[chain]
  // A cashaddr may come with its own prefix; the URI carries it once.
  return scheme ? `${scheme}:${address.replace(/^[a-z]+:/, '')}?amount=${amount}` : address
}
