import type { VenueRequest } from '../venues/venue'
import type { FeeLeg } from './feeLeg'
import { capPartnerFee, type RegisteredPartner } from './partnerRegistry'

/** 0x Swap API v2's highest `swapFeeBps` (per recipient), from its quote parameters' documentation. */
export const ZEROX_MAX_SWAP_FEE_BPS = 1_000

export type ZeroxFeePlan = {
  /** `swapFeeRecipient` / `swapFeeBps` entries in order; empty when no fee is stamped. */
  recipients: { address: `0x${string}`; bps: number }[]
  legs: FeeLeg[]
  /** Why the partner gets less than asked, when it does. */
  shortfall?: string
}

/**
 * What a 0x quote asks for. 0x v2 takes comma-separated `swapFeeRecipient` and `swapFeeBps` lists and
 * pays each recipient its bps of the buy token inside the swap (0x docs, "Monetize your app": "multiple
 * fee recipients"; 0x keeps none of it, its own fee is separate). So a registered partner is paid on
 * chain in the same swap; an unregistered partner's bps go to the service's wallet and are settled by
 * us off-chain from the ledger, as before. Without a service wallet nothing of the service's is stamped.
 *
 * @example
 * planZeroxFees({ request, serviceFeeBps: 15, serviceRecipient, partner: registry.get('acme') })
 */
export function planZeroxFees({
  request,
  serviceFeeBps,
  serviceRecipient,
  partner,
}: {
  request: Pick<VenueRequest, 'partnerFeeBps'>
  serviceFeeBps: number
  serviceRecipient: `0x${string}` | undefined
  partner: RegisteredPartner | undefined
}): ZeroxFeePlan {
  const { bps: asked, capped } = capPartnerFee(request.partnerFeeBps, partner)
  const service = serviceRecipient ? serviceFeeBps : 0
  const paysPartner = partner !== undefined && asked > 0
  const partnerBps = paysPartner || serviceRecipient ? asked : 0
  const legs: FeeLeg[] = []
  const leg = (party: FeeLeg['party'], bps: number, address: `0x${string}`, paidTo: FeeLeg['paidTo']) =>
    legs.push({ party, bps, paidTo, recipient: address, payout: 'inSwap', venueSharePpm: 0, token: 'buy' })
  if (service > 0 && serviceRecipient) leg('service', service, serviceRecipient, 'service')
  if (partnerBps > 0 && paysPartner) leg('partner', partnerBps, partner.payoutAddress, 'partner')
  else if (partnerBps > 0 && serviceRecipient) leg('partner', partnerBps, serviceRecipient, 'service')
  // One list entry per wallet: an unregistered partner's bps ride on the service's entry.
  const recipients: ZeroxFeePlan['recipients'] = []
  for (const { recipient, bps } of legs) {
    const entry = recipients.find((candidate) => candidate.address === recipient)
    if (entry) entry.bps += bps
    else recipients.push({ address: recipient as `0x${string}`, bps })
  }
  const shortfall =
    request.partnerFeeBps > 0 && partnerBps === 0
      ? 'no fee wallet is configured for 0x routes (SERVICE_FEE_RECIPIENT) and the partner has no registered payout address.'
      : capped
  return { recipients, legs, ...(shortfall ? { shortfall } : {}) }
}

/**
 * The legs with the amounts 0x states in `fees.integratorFees` (one per list entry, in list order, in
 * the buy token). An entry shared by two legs is split by bps, the partner's part rounded down so a
 * debt is never over-stated.
 */
export function withZeroxFeeAmounts(plan: ZeroxFeePlan, amounts: readonly (bigint | undefined)[]): FeeLeg[] {
  // `Object.assign` rather than `{ ...leg, amount }`: in Node 20's V8 a literal that starts with a
  // spread and adds fields after it builds a new hidden class on every call (bench/README.md).
  return plan.legs.map((leg) => {
    const index = plan.recipients.findIndex((entry) => entry.address === leg.recipient)
    const entry = plan.recipients[index]
    const amount = amounts[index]
    if (!entry || amount === undefined) return leg
    const sharers = plan.legs.filter((other) => other.recipient === leg.recipient)
    if (sharers.length === 1) return Object.assign({}, leg, { amount })
    const partnerBps = sharers
      .filter((other) => other.party === 'partner')
      .reduce((sum, other) => sum + other.bps, 0)
    const partnerAmount = (amount * BigInt(partnerBps)) / BigInt(entry.bps)
    return Object.assign({}, leg, {
      amount: leg.party === 'partner' ? partnerAmount : amount - partnerAmount,
    })
  })
}
