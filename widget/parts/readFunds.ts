import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { formatAmount } from '../../shared/amount/formatAmount'
import type { Quote } from '../../shared/schemas'
import type { Eip1193Provider } from '../../shared/wallet'
import { formatNumber } from './formatNumber'
import type { Translate } from './translate'

/** What the connected wallet holds of the sell token, and what it charges per unit of gas now. */
export type Funds = {
  balance: bigint
  /** The token's decimals (18 for the native coin); `undefined` when the token would not say. */
  decimals: number | undefined
  native: boolean
  /** `eth_gasPrice`, when the wallet answers it. */
  feePerGas: bigint | undefined
  /** What the wallet holds of the native coin, for a token's network fee; undefined when it would not say. */
  nativeBalance?: bigint | undefined
}

/** What the amount typed means against the funds. */
export type FundsCheck = {
  /** `balance`: more than the wallet holds; `gas`: too little left over for the network fee. */
  short: 'balance' | 'gas' | undefined
  /** The most that can be sold (the balance, less the gas reserve for the native coin), human units. */
  max: string
  /** The balance, human units. */
  balance: string
  /**
   * The native coin kept for the network fee, human units: for a token sold, what its approval and swap
   * cost (`0` without a gas price).
   */
  reserve: string
  /** The native coin's symbol, which the reserve is in. */
  gasSymbol: string
  /**
   * The network fee estimate (gas limit times the current fee) in words, `~$1.20` when the coin sold
   * is the one gas is paid in and the quote gives its dollar value, else `~0.0012 ETH`; undefined
   * without a gas price.
   */
  networkFee: string | undefined
}

/** Gas assumed for a swap before a quote names its own limit. */
const DEFAULT_GAS_LIMIT = 300_000n
/** Gas an ERC-20 approval takes, about (a first approval of a standard token is some 46,000). */
const APPROVAL_GAS = 60_000n

/**
 * Reads, through the user's wallet on the chain it is on, the balance of the token sold (`token`
 * unset: the native coin) with `eth_getBalance` or `balanceOf`, the token's `decimals()`, the
 * current gas price and, for a token, the native balance that pays its network fee: plain JSON-RPC
 * calls, so the wallet code (viem) is not loaded for them. A failed gas price, decimals or native
 * balance read leaves that unknown; a failed balance read throws (nothing is claimed then).
 */
export async function readFunds({
  provider,
  owner,
  token,
}: {
  provider: Eip1193Provider
  owner: `0x${string}`
  token: `0x${string}` | undefined
}): Promise<Funds> {
  const call = (data: string) =>
    provider.request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] }).then(readUint)
  const native = () =>
    provider.request({ method: 'eth_getBalance', params: [owner, 'latest'] }).then(readUint)
  const [balance, decimals, feePerGas, nativeBalance] = await Promise.all([
    token
      ? // balanceOf(owner)
        call(`0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`)
      : native(),
    token ? call('0x313ce567').then(Number, () => undefined) : 18,
    provider.request({ method: 'eth_gasPrice' }).then(readUint, () => undefined),
    token && native().catch(() => undefined),
  ])
  return { balance, decimals, native: !token, feePerGas, nativeBalance }
}

/** A JSON-RPC quantity or a uint256 word as a bigint; throws for anything else. */
function readUint(answer: unknown): bigint {
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{1,64}/.test(answer)) {
    throw new TypeError(`not a number: ${String(answer).slice(0, 80)}`)
  }
  return BigInt(answer.slice(0, 66))
}

/** A valid decimal amount in base units (digits beyond `decimals` are dropped). */
function toBaseUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
}

/**
 * Checks an amount (human units, already valid) against `funds`. Selling the native coin keeps a
 * reserve for the network fee: the quote's gas limit (300,000 before there is one) times twice the
 * current gas price, as the fee may rise before the transaction is mined; when the wallet gives no
 * gas price, a fixed 0.01 of the coin. Selling a token needs the native coin for the network fee of
 * its approval (when the quote has one) and its swap, at the current gas price: without it the
 * approval would fail, or be sent for a swap that cannot follow (Uniswap and CoW Swap say so before
 * the press too).
 */
export function checkFunds({
  funds,
  amount,
  decimals,
  quote,
  nativeSymbol,
  locale,
}: {
  funds: Funds
  amount: string | undefined
  decimals: number
  /** The quote on offer, if any: its gas limit and dollar values. */
  quote: Quote | undefined
  nativeSymbol: string
  locale: string
}): FundsCheck {
  const { balance, feePerGas, native } = funds
  const gasLimit = quote?.tx?.gasLimit
  // A signed order costs its signer no gas (solvers pay it from the sale); only its approval may.
  const gas = gasLimit ? BigInt(gasLimit) : quote?.order ? 0n : DEFAULT_GAS_LIMIT
  // A token sold may need its approval first: that is paid in the native coin too.
  const fee = (gas + (native || !quote?.approval ? 0n : APPROVAL_GAS)) * (feePerGas ?? 0n)
  const reserve = !native ? fee : feePerGas ? fee * 2n : 10n ** BigInt(decimals - 2)
  const wanted = amount ? toBaseUnits(amount, decimals) : 0n
  const spendable = !native ? balance : balance > reserve ? balance - reserve : 0n
  return {
    short:
      wanted > balance
        ? 'balance'
        : wanted > spendable || (funds.nativeBalance ?? reserve) < reserve
          ? 'gas'
          : undefined,
    max: formatAmount({ value: spendable, decimals }),
    balance: formatAmount({ value: balance, decimals }),
    reserve: formatAmount({ value: reserve, decimals: native ? decimals : 18 }),
    gasSymbol: nativeSymbol,
    networkFee:
      feePerGas === undefined ? undefined : describeFee(gas * feePerGas, funds, quote, nativeSymbol, locale),
  }
}

/** The fee in dollars when the coin sold is the one gas is paid in (so its price is known), else in that coin. */
function describeFee(
  fee: bigint,
  funds: Funds,
  quote: Quote | undefined,
  symbol: string,
  locale: string,
): string {
  const coins = formatAmount({ value: fee, decimals: 18 })
  // Display only: an estimate in dollars needs no exactness.
  return `~${
    funds.native && quote?.sellValueUsd
      ? formatNumber({
          value: (Number(coins) * Number(quote.sellValueUsd)) / Number(quote.sellAmount),
          style: 'usd',
          locale,
        })
      : `${formatNumber({ value: coins, locale })} ${symbol}`
  }`
}

/**
 * The balance under the amount, "Max" (the balance less the gas reserve), and, when the reserve is what
 * is missing, how much is kept for the network fee.
 */
export function renderFunds({
  check,
  symbol,
  locale,
  t,
  locked,
  onMax,
}: {
  check: FundsCheck
  symbol: string
  locale: string
  t: Translate
  locked: boolean
  onMax: (amount: string) => void
}): TemplateResult {
  const amount = (value: string) => `${formatNumber({ value, locale })} ${symbol}`
  return html`<style>
      .funds button {
        min-height: 1.5rem;
        padding: 0.1rem 0.5rem;
      }
    </style>
    <p class="hint funds" data-testid="balance">
      <span>${t('Balance {amount}', { amount: amount(check.balance) })}</span>
      <button
        type="button"
        class="secondary small"
        part="max-button"
        aria-label=${t('Max: sell the most you can, {amount}', { amount: amount(check.max) })}
        ?disabled=${locked}
        @click=${() => onMax(check.max)}
      >
        ${t('Max')}
      </button>
      ${
        check.short === 'gas'
          ? html`<span data-testid="gas-reserve"
              >${t('Keep about {amount} for the network fee.', {
                amount: `${formatNumber({ value: check.reserve, locale })} ${check.gasSymbol}`,
              })}</span
            >`
          : nothing
      }
    </p>`
}
