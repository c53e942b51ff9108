import { html, nothing } from 'lit'
import type { TemplateResult } from 'lit'
import { formatUnits, parseUnits } from 'viem'
import type { Eip1193Provider } from '../../shared/wallet'
import { callUint256 } from '../../shared/wallet/callUint256'
import { createSwapWallet } from '../../shared/wallet/createSwapWallet'
import { readBalance } from '../../shared/wallet/readBalance'
import { formatNumber } from './formatNumber'

/** What the connected wallet holds of the sell token, and what it charges per unit of gas now. */
export type Funds = {
  balance: bigint
  /** The token's decimals (18 for the native coin); `undefined` when the token would not say. */
  decimals: number | undefined
  native: boolean
  /** `eth_gasPrice`, when the wallet answers it. */
  feePerGas: bigint | undefined
}

/** What the amount typed means against the funds. */
export type FundsCheck = {
  /** `balance`: more than the wallet holds; `gas`: too little left over for the network fee. */
  short: 'balance' | 'gas' | undefined
  /** The most that can be sold (the balance, less the gas reserve for the native coin), human units. */
  max: string
  /** The balance, human units. */
  balance: string
  /** The native coin kept for the network fee, human units (`0` for a token). */
  reserve: string
  /** The network fee estimate in the native coin (gas limit times the current fee), when known. */
  fee: number | undefined
}

/** Gas assumed for a swap before a quote names its own limit. */
const DEFAULT_GAS_LIMIT = 300_000n

/** `decimals()`'s selector. */
const DECIMALS_SELECTOR = '0x313ce567'

/**
 * Reads, through the user's wallet on the chain it is on, the balance of the token sold (`token`
 * unset: the native coin), the token's decimals and the current gas price. A failed gas price read
 * leaves the fee unknown; a failed balance read throws (nothing is claimed then).
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
  const wallet = createSwapWallet({ provider, address: owner })
  const [balance, decimals, feePerGas] = await Promise.all([
    readBalance({ wallet, owner, token }),
    token
      ? callUint256({ wallet, to: token, data: DECIMALS_SELECTOR, what: 'decimals' }).then(
          Number,
          () => undefined,
        )
      : 18,
    provider.request({ method: 'eth_gasPrice' }).then(
      (answer) => (typeof answer === 'string' ? BigInt(answer) : undefined),
      () => undefined,
    ),
  ])
  return { balance, decimals, native: !token, feePerGas }
}

/**
 * Checks an amount (human units, already valid) against `funds`. Selling the native coin keeps a
 * reserve for the network fee: the quote's gas limit (300,000 before there is one) times twice the
 * current gas price, as the fee may rise before the transaction is mined; when the wallet gives no
 * gas price, a fixed 0.01 of the coin.
 */
export function checkFunds({
  funds,
  amount,
  decimals,
  gasLimit,
}: {
  funds: Funds
  amount: string | undefined
  decimals: number
  gasLimit: string | undefined
}): FundsCheck {
  const { balance, feePerGas } = funds
  const gas = gasLimit ? BigInt(gasLimit) : DEFAULT_GAS_LIMIT
  const reserve = !funds.native ? 0n : feePerGas ? gas * feePerGas * 2n : 10n ** BigInt(decimals - 2)
  let wanted = 0n
  try {
    wanted = amount ? parseUnits(amount, decimals) : 0n
  } catch {
    // Not an amount (the form says so already): nothing to compare.
  }
  const spendable = balance > reserve ? balance - reserve : 0n
  return {
    short: wanted > balance ? 'balance' : wanted > spendable ? 'gas' : undefined,
    max: formatUnits(spendable, decimals),
    balance: formatUnits(balance, decimals),
    reserve: formatUnits(reserve, decimals),
    fee: feePerGas === undefined ? undefined : Number(formatUnits(gas * feePerGas, 18)),
  }
}

/**
 * The balance under the amount, "Max" (the balance less the gas reserve), and, when the reserve is what
 * is missing, how much is kept for the network fee.
 */
export function renderFunds({
  check,
  symbol,
  locale,
  locked,
  onMax,
}: {
  check: FundsCheck
  symbol: string
  locale: string
  locked: boolean
  onMax: (amount: string) => void
}): TemplateResult {
  const amount = (value: string) => `${formatNumber({ value, locale })} ${symbol}`
  return html`<p class="hint funds" data-testid="balance">
    <span>Balance ${amount(check.balance)}</span>
    <button
      type="button"
      class="secondary small"
      part="max-button"
      aria-label="Sell the most you can: ${amount(check.max)}"
      ?disabled=${locked}
      @click=${() => onMax(check.max)}
    >
      Max
    </button>
    ${
      check.short === 'gas'
        ? html`<span data-testid="gas-reserve"
            >Keep about ${amount(check.reserve)} for the network fee.</span
          >`
        : nothing
    }
  </p>`
}
