import { html, nothing, type TemplateResult } from 'lit'

/** The `/sandbox/balances` answer. */
export type BalancesResponse = {
  address: string
  chains: {
    symbol: string
    chainId: number
    name: string
    balances: { symbol: string; caip: string; amount: string }[]
  }[]
}

/** Trims a decimal string for display without rounding up: at most `digits` fraction digits. */
function trimFraction(amount: string, digits = 6): string {
  const [whole, fraction = ''] = amount.split('.')
  const kept = fraction.slice(0, digits).replace(/0+$/, '')
  const cut = fraction.length > digits && /[1-9]/.test(fraction.slice(digits))
  return `${whole}${kept ? `.${kept}` : ''}${cut ? '…' : ''}`
}

/**
 * The balances panel: one card per chain, a row per asset. Rows whose amount differs from `previous`
 * (the last reading) are marked, so a swap's effect shows at a glance.
 */
export function renderBalances(
  current: BalancesResponse,
  previous: BalancesResponse | undefined,
): TemplateResult {
  const before = new Map(
    previous?.chains.flatMap((chain) => chain.balances.map((balance) => [balance.caip, balance.amount])) ??
      [],
  )
  return html`${current.chains.map(
    (chain) =>
      html`<div class="chain-balances">
        <h3>${chain.name} <span>${chain.symbol} · ${chain.chainId}</span></h3>
        <table>
          <tbody>
            ${chain.balances.map((balance) => {
              const changed = previous !== undefined && before.get(balance.caip) !== balance.amount
              return html`<tr class=${changed ? 'changed' : nothing}>
                <td>${balance.symbol}</td>
                <td title=${balance.amount}>${trimFraction(balance.amount)}</td>
              </tr>`
            })}
          </tbody>
        </table>
      </div>`,
  )}`
}
