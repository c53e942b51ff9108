import { createHash } from 'node:crypto'
import { encodeBase58Check } from './encodeBase58Check'
import { convertBits, encodeBech32 } from './encodeBech32'
import { encodeCashAddress } from './encodeCashAddress'

/** The chains of the simulated ledger (no node runs for them in the sandbox). */
export const ledgerChains = ['BTC', 'LTC', 'DOGE', 'BCH', 'GAIA', 'THOR'] as const
export type LedgerChain = (typeof ledgerChains)[number]

/** Whether `chain` is one of the simulated ledger's chains. */
export function isLedgerChain(chain: string): chain is LedgerChain {
  return (ledgerChains as readonly string[]).includes(chain)
}

/**
 * A fixed, well-formed sandbox address on a ledger chain, derived from `seed` (any text): a native
 * SegWit address on BTC and LTC, a P2PKH address on DOGE, a CashAddr on BCH and a bech32 account on
 * GAIA and THOR, each with a valid checksum. Nobody holds a key for it; only the ledger moves funds.
 *
 * @example
 * sandboxAddress({ chain: 'BTC', seed: 'dev:0' }) // 'bc1q…'
 */
export function sandboxAddress({ chain, seed }: { chain: LedgerChain; seed: string }): string {
  const hash = createHash('sha256').update(`sandbox:${chain}:${seed}`).digest().subarray(0, 20)
  switch (chain) {
    case 'BTC':
      return encodeBech32('bc', [0, ...convertBits(hash, 8, 5)])
    case 'LTC':
      return encodeBech32('ltc', [0, ...convertBits(hash, 8, 5)])
    case 'DOGE':
      return encodeBase58Check(0x1e, hash)
    case 'BCH':
      return encodeCashAddress(hash)
    case 'GAIA':
      return encodeBech32('cosmos', convertBits(hash, 8, 5))
    case 'THOR':
      return encodeBech32('thor', convertBits(hash, 8, 5))
  }
}
