import { isSwapError } from '../../../shared'
import type { Venue, VenueQuote, VenueRequest } from '../venue'
import { fetchVenueJson } from '../common/fetchVenueJson'
import { NATIVE_EEEE } from '../common/nativePlaceholders'
import { slippagePercentToPpm } from '../common/slippagePercentToPpm'
import { upstreamError } from '../common/venueErrors'
import { describeVenueFees } from '../../fees/describeVenueFees'
import { COW_LATER_PAYER, planCowFees, toCowFeeLegs } from '../../fees/planCowFees'
import { createCowAppDataCache } from './createCowAppDataCache'
import { buildCowOrder } from './buildCowOrder'
import { classifyCowError } from './classifyCowError'
import { computeCowOrderAmounts } from './computeCowOrderAmounts'
import { COW_DEFAULT_SLUGS, COW_MAINNET_CONTRACTS, type CowVenueOptions } from './cowVenueOptions'
import { parseCowQuoteResponse } from './parseCowQuoteResponse'

/**
 * The CoW Protocol venue (`provider: 'cow'`): a gasless signed sell order, priced by the order book's
 * `POST /api/v1/quote` and returned as the contract's `order` (no `tx`). The service's 30 bps and the
 * partner's bps are volume policies in the app data (api/fees `planCowFees`), paid later by CoW DAO. Native coins can be
 * bought (`0xEeee…`) but not sold: a native sell is declined as "no route".
 *
 * @example
 * const venue = createCowVenue({ baseUrl: 'https://api.cow.fi', serviceFeeBps: 30, feeRecipient })
 */
export function createCowVenue(options: CowVenueOptions): Venue {
  const slugs = options.slugs ?? COW_DEFAULT_SLUGS
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const appDataFor = createCowAppDataCache()
  return {
    id: 'cow',
    name: 'CoW Protocol',
    // A native coin cannot be sold through a signed order (it has no allowance to pull; wrap it
    // first): such a request is not CoW's to decline, CoW never takes part in it.
    serves: (request: VenueRequest) =>
      request.sellChain.type === 'evm' &&
      request.sellChain.symbol === request.buyChain.symbol &&
      slugs[request.sellChain.chainId as number] !== undefined &&
      request.sellToken.kind !== 'native',
    async quote(request, { fetch, signal }) {
      const chainId = request.sellChain.chainId as number
      const orderBookUrl = `${baseUrl}/${slugs[chainId]}`
      const contracts = options.contracts?.[chainId] ?? COW_MAINNET_CONTRACTS
      const slippagePpm =
        request.slippagePercent === undefined
          ? (options.defaultSlippageBps ?? 50) * 100
          : slippagePercentToPpm(request.slippagePercent)
      const feePlan = planCowFees({
        request,
        serviceFeeBps: options.serviceFeeBps,
        serviceRecipient: options.feeRecipient,
        partnerRecipient: options.partnerFeeRecipient,
        partner: request.partner === undefined ? undefined : options.partners?.get(request.partner),
        maxPartnerFeeBps: options.maxPartnerFeeBps,
      })
      const appData = appDataFor({
        appCode: options.appCode ?? 'SwapQuote',
        slippageBps: Math.ceil(slippagePpm / 100),
        policies: feePlan.policies,
      })
      const sellToken = request.sellToken.contract as string
      const buyToken =
        request.buyToken.kind === 'native' ? NATIVE_EEEE : (request.buyToken.contract as string)

      const response = await fetchVenueJson({
        venueName: 'CoW',
        fetch,
        url: `${orderBookUrl}/api/v1/quote`,
        method: 'POST',
        body: {
          sellToken,
          buyToken,
          from: request.sender,
          receiver: request.recipient,
          kind: 'sell',
          sellAmountBeforeFee: request.sellAmount.toString(),
          validFor: options.validForSeconds ?? 1800,
          appData: appData.fullAppData,
          appDataHash: appData.appDataHash,
          signingScheme: 'eip712',
          onchainOrder: false,
          priceQuality: 'optimal',
        },
        signal,
      })
      if (response.status !== 200) {
        const classified = classifyCowError(response)
        if (isSwapError(classified)) throw classified
        return classified
      }
      const answer = parseCowQuoteResponse(response.body)
      if (
        answer.quote.appDataHash !== undefined &&
        answer.quote.appDataHash.toLowerCase() !== appData.appDataHash
      ) {
        throw upstreamError('CoW', 'echoed another app-data hash than the one sent')
      }
      const amounts = computeCowOrderAmounts({
        quoteSellAmount: BigInt(answer.quote.sellAmount),
        quoteBuyAmount: BigInt(answer.quote.buyAmount),
        quoteFeeAmount: BigInt(answer.quote.feeAmount),
        protocolFeeBps: Number(answer.protocolFeeBps ?? 0),
        partnerFeeBps: appData.totalVolumeBps,
        slippagePpm,
      })
      if (amounts.sellAmount !== request.sellAmount)
        throw upstreamError('CoW', 'quoted another sell amount than asked')
      if (amounts.buyAmount === 0n)
        return { noRoute: true, reason: 'CoW: the amount does not cover the fees' }

      const order = buildCowOrder({
        request,
        orderBookUrl,
        contracts,
        appData,
        amounts,
        sellToken,
        buyToken,
        validTo: answer.quote.validTo,
        quoteId: answer.id,
      })
      const expiresAtMs = answer.expiration ? Date.parse(answer.expiration) : Number.NaN
      const quote: VenueQuote = {
        provider: 'cow',
        sellAmount: amounts.sellAmount,
        buyAmount: amounts.buyAmountAfterFees,
        minBuyAmount: amounts.buyAmount,
        // Gasless: the network fee is already inside the amounts, so nothing is added for gas.
        netBuyAmount: amounts.buyAmountAfterFees,
        ...(Number.isInteger(expiresAtMs) && expiresAtMs > 0 ? { expiresAtMs } : {}),
        order,
        approval: {
          chainId,
          token: sellToken,
          spender: contracts.vaultRelayer,
          amountWei: amounts.sellAmount.toString(),
        },
        ...describeVenueFees({
          legs: toCowFeeLegs({
            plan: feePlan,
            volume: amounts.volume,
            venueSharePercent: options.feeSharePercent,
          }),
          requestedBps: request.partnerFeeBps,
          mechanism: "a partner-fee policy in the order's app data",
          laterPayer: COW_LATER_PAYER,
          shareKeeper: 'CoW DAO',
          shortfall: feePlan.shortfall,
        }),
      }
      return quote
    },
  }
}
