import type { Alternative, Quote } from '../../shared/schemas'
import type { WorldManifest } from '../sandbox/worldManifest'

/** One case of the winner matrix: a quote request in the contract's terms, and its size class. */
export type MatrixCase = {
  label: string
  size: 'small' | 'medium' | 'large'
  sellChain: string
  sellToken: string
  buyChain: string
  buyToken: string
  amount: string
}

/** What the race did for one case. */
export type MatrixRow = MatrixCase & {
  winner: string
  /** Every venue that priced the case, best net output first, with its net output. */
  priced: { provider: string; netOutput: string }[]
  reason: string
}

/**
 * The cases of the published winner matrix: majors and stablecoins on every EVM chain at small,
 * medium and large sizes, native and ERC-20 on both sides, EVM bridges, and UTXO/Cosmos chains to EVM
 * and back.
 */
export const MATRIX_CASES: readonly MatrixCase[] = [
  c('ETH: ETH to USDC', 'small', 'ETH', 'ETH', 'ETH', 'USDC', '0.05'),
  c('ETH: ETH to USDC', 'medium', 'ETH', 'ETH', 'ETH', 'USDC', '3'),
  c('ETH: ETH to USDC', 'large', 'ETH', 'ETH', 'ETH', 'USDC', '300'),
  c('ETH: USDC to ETH', 'small', 'ETH', 'USDC', 'ETH', 'ETH', '200'),
  c('ETH: USDC to ETH', 'medium', 'ETH', 'USDC', 'ETH', 'ETH', '5000'),
  c('ETH: USDC to USDT', 'small', 'ETH', 'USDC', 'ETH', 'USDT', '200'),
  c('ETH: USDC to USDT', 'large', 'ETH', 'USDC', 'ETH', 'USDT', '500000'),
  c('ETH: WBTC to USDC', 'medium', 'ETH', 'WBTC', 'ETH', 'USDC', '0.2'),
  c('ETH: DAI to USDC', 'medium', 'ETH', 'DAI', 'ETH', 'USDC', '20000'),
  c('BASE: ETH to USDC', 'small', 'BASE', 'ETH', 'BASE', 'USDC', '0.05'),
  c('BASE: ETH to USDC', 'large', 'BASE', 'ETH', 'BASE', 'USDC', '300'),
  c('BASE: USDC to ETH', 'medium', 'BASE', 'USDC', 'BASE', 'ETH', '5000'),
  c('ARB: ETH to USDC', 'medium', 'ARB', 'ETH', 'ARB', 'USDC', '3'),
  c('ARB: USDC to USDT', 'medium', 'ARB', 'USDC', 'ARB', 'USDT', '20000'),
  c('BSC: BNB to USDT', 'medium', 'BSC', 'BNB', 'BSC', 'USDT', '10'),
  c('AVAX: AVAX to USDC', 'medium', 'AVAX', 'AVAX', 'AVAX', 'USDC', '200'),
  c('ETH to BASE: ETH', 'medium', 'ETH', 'ETH', 'BASE', 'ETH', '1'),
  c('ETH to ARB: USDC', 'medium', 'ETH', 'USDC', 'ARB', 'USDC', '5000'),
  c('BASE to ETH: USDC', 'small', 'BASE', 'USDC', 'ETH', 'USDC', '300'),
  c('ARB to BASE: ETH', 'large', 'ARB', 'ETH', 'BASE', 'ETH', '100'),
  c('BTC to ETH', 'medium', 'BTC', 'BTC', 'ETH', 'ETH', '0.1'),
  c('BTC to BASE: ETH', 'medium', 'BTC', 'BTC', 'BASE', 'ETH', '0.2'),
  c('ETH to BTC', 'medium', 'ETH', 'ETH', 'BTC', 'BTC', '2'),
  c('LTC to ETH', 'medium', 'LTC', 'LTC', 'ETH', 'ETH', '20'),
  c('DOGE to ETH', 'medium', 'DOGE', 'DOGE', 'ETH', 'ETH', '10000'),
  c('ATOM to ETH', 'medium', 'GAIA', 'ATOM', 'ETH', 'ETH', '100'),
  c('ETH: USDC to ATOM', 'medium', 'ETH', 'USDC', 'GAIA', 'ATOM', '1000'),
]

function c(
  label: string,
  size: MatrixCase['size'],
  sellChain: string,
  sellToken: string,
  buyChain: string,
  buyToken: string,
  amount: string,
): MatrixCase {
  return { label, size, sellChain, sellToken, buyChain, buyToken, amount }
}

/** The sandbox address that stands for the user on a chain (an EVM dev account, or a ledger account). */
export function sandboxAddress(manifest: WorldManifest, chain: string, evmAccount: string): string {
  const ledger = manifest.thorchain?.ledger[chain]
  return ledger ? (ledger.accounts[0] as string) : evmAccount
}

/** The one-line reason a case went the way it did, from the race's own numbers. */
export function explainWinner(
  row: Pick<MatrixRow, 'winner' | 'priced' | 'sellChain' | 'buyChain'>,
  alternatives: readonly Alternative[],
): string {
  const winner = alternatives.find((alternative) => alternative.provider === row.winner)
  // The best of the rest as `priced` orders them (equal outputs by name), not the first to answer.
  const runnerUp = row.priced
    .map(({ provider }) => alternatives.find((alternative) => alternative.provider === provider))
    .find((alternative) => alternative?.status === 'outranked')
  if (!runnerUp)
    return `only ${row.winner} priced it (${
      alternatives
        .filter((a) => a.status !== 'quoted')
        .map((a) => `${a.provider}: ${a.status}`)
        .join(', ') || 'no other venue serves it'
    })`
  const headlineHigher = Number(runnerUp.buyAmount) > Number(winner?.buyAmount)
  const margin = (Number(winner?.netOutput) / Number(runnerUp.netOutput) - 1) * 10_000
  const bps = `${margin.toFixed(1)} bps`
  if (headlineHigher) {
    return `${runnerUp.provider} quoted more, but its gas and fees on top leave ${bps} less`
  }
  if (row.winner === 'cow') return `${bps} ahead: solvers pay the gas and found some surplus`
  if (row.winner === 'thorchain')
    return `${bps} ahead: THORChain's deep pools and slip-based fee beat the rest at this size`
  return `${bps} ahead of ${runnerUp.provider}: the better price after fees and gas`
}

/** A row from a quote answered with `include=alternatives`. */
export function toMatrixRow(matrixCase: MatrixCase, quote: Quote): MatrixRow {
  const alternatives = quote.alternatives ?? []
  const priced = alternatives
    .filter((alternative) => alternative.netOutput !== undefined)
    .map((alternative) => ({ provider: alternative.provider, netOutput: alternative.netOutput as string }))
    // Equal outputs by name, not by which venue answered first.
    .sort((a, b) => Number(b.netOutput) - Number(a.netOutput) || a.provider.localeCompare(b.provider))
  const base = { ...matrixCase, winner: quote.provider, priced }
  return { ...base, reason: explainWinner(base, alternatives) }
}

/** The matrix as a markdown table. */
export function formatWinnerMatrix(rows: readonly MatrixRow[]): string {
  return [
    '| case | size | amount | winner | runners-up (net output) | why |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const runnersUp = row.priced
        .filter((entry) => entry.provider !== row.winner)
        .map((entry) => `${entry.provider} ${trim(entry.netOutput)}`)
        .join(', ')
      const winnerNet = row.priced.find((entry) => entry.provider === row.winner)?.netOutput
      return `| ${row.label} | ${row.size} | ${row.amount} ${row.sellToken} | **${row.winner}** ${winnerNet ? trim(winnerNet) : ''} ${row.buyToken} | ${runnersUp || '-'} | ${row.reason} |`
    }),
  ].join('\n')
}

/** A decimal shortened to 6 significant digits for the table (the JSON keeps every digit). */
function trim(value: string): string {
  const number = Number(value)
  const digits = number >= 1 ? Math.max(6, Math.ceil(Math.log10(number + 1))) : 6
  const text = number.toPrecision(digits)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}
