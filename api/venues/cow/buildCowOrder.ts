import { checksumAddress } from '../common/checksumAddress'
import { formatAmount, type Order } from '../../../shared'
import type { VenueRequest } from '../venue'
import type { CowAppData } from './buildCowAppData'
import type { CowOrderAmounts } from './computeCowOrderAmounts'
import { COW_EIP712_DOMAIN_TYPE, COW_ORDER_TYPE } from './cowOrderTypes'
import type { CowContracts } from './cowVenueOptions'

export type BuildCowOrderParameters = {
  request: VenueRequest
  /** `{base}/{slug}`: where this chain's order book lives. */
  orderBookUrl: string
  contracts: CowContracts
  appData: CowAppData
  amounts: CowOrderAmounts
  /** Token addresses as CoW takes them (`0xEeee…` for a native buy). */
  sellToken: string
  buyToken: string
  validTo: number
  quoteId?: number | null | undefined
}

/**
 * The contract's `order` (2.6) for a CoW sell order: EIP-712 typed data of GPv2's `Order` (domain
 * "Gnosis Protocol" v2 on this chain's settlement contract) signing `feeAmount` 0 and the app data's
 * hash, the `POST /api/v1/orders` body without `signature` and `signingScheme`, the URLs to register
 * the app data and post the order, and a note on the timing trade-off.
 */
export function buildCowOrder({
  request,
  orderBookUrl,
  contracts,
  appData,
  amounts,
  sellToken,
  buyToken,
  validTo,
  quoteId,
}: BuildCowOrderParameters): Order {
  const chainId = request.sellChain.chainId as number
  const receiver = checksumAddress(request.recipient)
  // The order's own fields, shared by the typed data and the order book's body. Joined with
  // `Object.assign` rather than spreads: in Node 20's V8, `{ ...a, x, ...b }` builds a new hidden class
  // on every call, which made this function cost about 28 µs and 9 KB (bench/README.md).
  const order = {
    sellToken: checksumAddress(sellToken),
    buyToken: checksumAddress(buyToken),
    receiver,
    sellAmount: amounts.sellAmount.toString(),
    buyAmount: amounts.buyAmount.toString(),
    validTo,
  }
  const minimum = `${formatAmount({ value: amounts.buyAmount, decimals: request.buyToken.decimals })} ${request.buyToken.symbol}`
  return {
    protocol: 'cow',
    chainId,
    appDataUrl: `${orderBookUrl}/api/v1/app_data/${appData.appDataHash}`,
    appData: { fullAppData: appData.fullAppData, appDataHash: appData.appDataHash },
    typedData: {
      domain: {
        name: 'Gnosis Protocol',
        version: 'v2',
        chainId,
        verifyingContract: checksumAddress(contracts.settlement),
      },
      types: {
        EIP712Domain: COW_EIP712_DOMAIN_TYPE.map(({ name, type }) => ({ name, type })),
        Order: COW_ORDER_TYPE.map(({ name, type }) => ({ name, type })),
      },
      primaryType: 'Order',
      message: Object.assign({}, order, { appData: appData.appDataHash }, COW_ORDER_FLAGS),
    },
    postUrl: `${orderBookUrl}/api/v1/orders`,
    body: Object.assign({}, order, COW_ORDER_FLAGS, {
      from: checksumAddress(request.sender),
      appData: appData.fullAppData,
      appDataHash: appData.appDataHash,
      ...(quoteId == null ? {} : { quoteId }),
    }),
    signingScheme: 'eip712',
    validTo,
    note:
      `Gasless signed order: CoW Protocol solvers fill it in a batch auction, usually within a minute, for at least ` +
      `${minimum}. Nothing is sent on chain by you and nothing is spent unless it fills; if no solver fills it by ` +
      `${new Date(validTo * 1000).toISOString()} it expires unfilled.`,
  }
}

/** What every order this API builds says the same way: a fill-or-kill sell from and to ERC-20 balances. */
const COW_ORDER_FLAGS = {
  feeAmount: '0',
  kind: 'sell',
  partiallyFillable: false,
  sellTokenBalance: 'erc20',
  buyTokenBalance: 'erc20',
} as const
