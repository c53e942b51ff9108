import { randomBytes } from 'node:crypto'
import { isChainAddress } from '../addresses/isChainAddress'
import { chainParams } from '../assets/chainParams'
import { isLedgerChain, type LedgerChain } from '../addresses/sandboxAddress'

/** One transfer on the simulated ledger; `amount` in the coin's own base units (sats, uatom, 1e8 RUNE). */
export type LedgerTx = {
  txId: string
  chain: LedgerChain
  from: string
  to: string
  amount: bigint
  memo: string
}

/** Why a transfer was refused, with the `{ error, code }` the ledger's HTTP API answers. */
export type LedgerRefusal = { status: 400 | 404; error: string; code: string }

/** The simulated ledger of the chains the sandbox runs no node for (BTC, LTC, DOGE, BCH, GAIA, THOR). */
export type Ledger = {
  balanceOf(chain: LedgerChain, address: string): bigint
  /** Creates coins out of nothing: genesis funding of sandbox accounts and vaults. */
  mint(chain: LedgerChain, address: string, amount: bigint): void
  /** Moves coins with a memo; listeners see every accepted transfer. */
  transfer(request: {
    chain: string
    from: string
    to: string
    amount: bigint
    memo?: string
  }): LedgerTx | LedgerRefusal
  /** Registers a listener for accepted transfers; returns the unsubscribe function. */
  onTransfer(listener: (tx: LedgerTx) => void): () => void
}

const key = (chain: string, address: string) =>
  `${chain}:${chain === 'BCH' ? address.replace(/^bitcoincash:/, '') : address.toLowerCase()}`

/**
 * Creates an empty ledger. Addresses are checked for their chain's format, amounts must be
 * positive, senders must hold the amount, and a UTXO chain's memo must fit an OP_RETURN (80 bytes).
 *
 * @example
 * const ledger = createLedger()
 * ledger.mint('BTC', 'bc1q…', 100_000_000n)
 */
export function createLedger(): Ledger {
  const balances = new Map<string, bigint>()
  const listeners = new Set<(tx: LedgerTx) => void>()
  return {
    balanceOf: (chain, address) => balances.get(key(chain, address)) ?? 0n,
    mint(chain, address, amount) {
      balances.set(key(chain, address), (balances.get(key(chain, address)) ?? 0n) + amount)
    },
    transfer({ chain, from, to, amount, memo = '' }) {
      if (!isLedgerChain(chain))
        return {
          status: 404,
          error: `chain ${chain.slice(0, 12)} is not on the sandbox ledger`,
          code: 'NOT_FOUND',
        }
      if (!isChainAddress(chain, from))
        return { status: 400, error: `from: not a ${chain} address`, code: 'BAD_REQUEST' }
      if (!isChainAddress(chain, to))
        return { status: 400, error: `to: not a ${chain} address`, code: 'BAD_REQUEST' }
      if (amount <= 0n)
        return { status: 400, error: 'amount: must be a positive integer of base units', code: 'BAD_REQUEST' }
      if (new TextEncoder().encode(memo).length > (chainParams[chain]?.memoLimitBytes ?? 250)) {
        return {
          status: 400,
          error: `memo: longer than ${chainParams[chain]?.memoLimitBytes} bytes`,
          code: 'BAD_REQUEST',
        }
      }
      const held = balances.get(key(chain, from)) ?? 0n
      if (held < amount)
        return { status: 400, error: `from: holds ${held}, less than ${amount}`, code: 'INSUFFICIENT_FUNDS' }
      balances.set(key(chain, from), held - amount)
      balances.set(key(chain, to), (balances.get(key(chain, to)) ?? 0n) + amount)
      const tx: LedgerTx = {
        txId: randomBytes(32).toString('hex').toUpperCase(),
        chain,
        from,
        to,
        amount,
        memo,
      }
      for (const listener of listeners) listener(tx)
      return tx
    },
    onTransfer(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Whether a `transfer` answer is a refusal. */
export function isLedgerRefusal(value: LedgerTx | LedgerRefusal): value is LedgerRefusal {
  return 'code' in value
}
