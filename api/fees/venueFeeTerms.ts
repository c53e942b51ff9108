import {
  COW_DEFAULT_FEE_SHARE_PERCENT,
  COW_DEFAULT_MAX_PARTNER_FEE_BPS,
  COW_LATER_PAYER,
} from './planCowFees'
import { SWAPKIT_MAX_AFFILIATE_FEE_BPS } from './planSwapkitFees'
import { ZEROX_MAX_SWAP_FEE_BPS } from './planZeroxFees'

/** How one venue carries fees: what is asked, who is paid, when, what the venue keeps, and the source. */
export type VenueFeeTerms = {
  provider: string
  /** How the service's fee is carried and paid. */
  service: string
  /** A partner with a registered payout address (`PARTNER_REGISTRY_PATH`). */
  registeredPartner: string
  /** Any other partner. */
  otherPartner: string
  /** The venue's own share of the fees it carries. */
  venueShare: string
  /** Where these terms come from. */
  source: string
}

/**
 * The fee terms of every venue, as the planners in this folder apply them; the README's fee table is
 * generated from this list (`npm run readme`) and a test keeps the two equal.
 */
export const VENUE_FEE_TERMS: readonly VenueFeeTerms[] = [
  {
    provider: '0x',
    service: `\`swapFeeRecipient\`/\`swapFeeBps\` to \`SERVICE_FEE_RECIPIENT\`, on chain in the swap, in the buy token (at most ${ZEROX_MAX_SWAP_FEE_BPS} bps per recipient)`,
    registeredPartner:
      'a second entry of the fee lists: paid on chain in the same swap, directly to the partner',
    otherPartner: "added to the service's entry; the service settles it off-chain from the ledger",
    venueShare: "none (0x's own fee is separate)",
    source: '0x docs, Swap API "multi-fee support"',
  },
  {
    provider: 'lifi',
    service:
      "integrator `fee` (a fraction of the sell amount) to the fee wallet of `LIFI_INTEGRATOR` set in LI.FI's portal, in the swap; nothing without `LIFI_INTEGRATOR`",
    registeredPartner:
      "in the same `fee` (one fee wallet per integrator); the service settles it off-chain, net of LI.FI's share",
    otherPartner: 'same as registered',
    venueShare:
      "LI.FI's share of collected integrator fees: read from each answer's `feeSplit`, else `LIFI_FEE_SHARE_PERCENT`",
    source: 'docs.li.fi, "Monetizing the integration"; @lifi/types `FeeCost`/`FeeSplit`',
  },
  {
    provider: 'cow',
    service: `a volume policy in the order's app data to \`SERVICE_FEE_RECIPIENT\`; accrued at settlement and paid later by ${COW_LATER_PAYER}`,
    registeredPartner:
      "its own volume policy naming the partner's payout address: paid later by CoW DAO, directly to the partner",
    otherPartner:
      "a volume policy to `PARTNER_FEE_RECIPIENT` (default the service's wallet): paid later by CoW DAO, then owed to the partner by the service",
    venueShare: `CoW DAO keeps \`COW_FEE_SHARE_PERCENT\` (default ${COW_DEFAULT_FEE_SHARE_PERCENT}%, CIP-75); all policies of an order capped together at \`COW_MAX_PARTNER_FEE_BPS\` (default ${COW_DEFAULT_MAX_PARTNER_FEE_BPS}), compounding: 70 bps after 30 is 69.79, reported as 69`,
    source: 'docs.cow.fi, governance/fees/partner-fee; cowprotocol/services autopilot fee policy',
  },
  {
    provider: 'swapkit / thorchain',
    service: `the API key's affiliate (\`THORCHAIN_AFFILIATE\` in memos), or \`affiliateFee\` = \`SWAPKIT_AFFILIATE_FEE_BPS\` (0..${SWAPKIT_MAX_AFFILIATE_FEE_BPS}); paid in the swap, on THORChain memo routes in RUNE (THORChain swaps the fee taken from the sell amount to RUNE at the swap's price, or later to the THORName's preferred asset). Only the service's own memo entries are split; the routing provider's own affiliate is kept`,
    registeredPartner:
      'off by default (the contract gives this venue none); with `SWAPKIT_PARTNER_FEES=true`, added to `affiliateFee` and settled off-chain by the service',
    otherPartner: 'same as registered',
    venueShare: 'none of ours (the routing provider takes its own affiliate fee beside it)',
    source:
      'docs.swapkit.dev, v3 quote request (`affiliateFee`, warnings); THORNode affiliate fees and affiliate collector',
  },
  {
    provider: 'router',
    service: 'none: the router call has no fee hook',
    registeredPartner: 'not collected',
    otherPartner: 'not collected',
    venueShare: '-',
    source: 'Uniswap V2 router ABI',
  },
]

/** The README's fee table, generated from `VENUE_FEE_TERMS`. */
export function formatFeeTable(terms: readonly VenueFeeTerms[] = VENUE_FEE_TERMS): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  return [
    '| venue | service fee | partner with a registered payout address | other partner | venue keeps | source |',
    '|---|---|---|---|---|---|',
    ...terms.map(
      (row) =>
        `| \`${row.provider}\` | ${cell(row.service)} | ${cell(row.registeredPartner)} | ${cell(row.otherPartner)} | ${cell(row.venueShare)} | ${cell(row.source)} |`,
    ),
  ].join('\n')
}
