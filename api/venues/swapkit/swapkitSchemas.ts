import { z } from 'zod'

const amount = z.union([z.string(), z.number()])
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

/** One route of `POST /v3/quote` (and the route part of `/v3/swap`), read leniently. */
export const SwapkitRouteSchema = z.looseObject({
  routeId: z.string().optional(),
  providers: z.array(z.string()).default([]),
  sellAsset: z.string().optional(),
  buyAsset: z.string().optional(),
  expectedBuyAmount: amount.optional(),
  buyAmount: amount.optional(),
  expectedBuyAmountMaxSlippage: amount.optional(),
  buyAmountMaxSlippage: amount.optional(),
  expiration: z.union([z.string(), z.number()]).optional(),
  /** SwapKit v3 `estimatedTime`: seconds the route is expected to take, `total` end to end. */
  estimatedTime: z.looseObject({ total: z.number().optional() }).nullish(),
  warnings: z.array(z.looseObject({ code: z.string().optional() })).optional(),
  /** What the user pays beside the output (SwapKit v3 `fees[]`: `inbound` is the source chain's gas). */
  fees: z
    .array(
      z.looseObject({ type: z.string().optional(), amount: amount.optional(), asset: z.string().optional() }),
    )
    .optional(),
  meta: z
    .looseObject({
      approvalAddress: z.string().optional(),
      affiliateFee: z.unknown().optional(),
      // SwapKit v3 route `meta.assets[]`: `{ asset, price, image }`, the USD price of each asset of the
      // route (docs.swapkit.dev, v3 quote response; swapkit/api-sdk-typescript `RouteMeta`).
      assets: z
        .array(z.looseObject({ asset: z.string().optional(), price: z.unknown().optional() }))
        .optional(),
    })
    .optional(),
})
export type SwapkitRoute = z.infer<typeof SwapkitRouteSchema>

/** `POST /v3/quote`: candidate routes and per-provider failures beside them. */
export const SwapkitQuoteResponseSchema = z.looseObject({
  quoteId: z.string().optional(),
  routes: z.array(SwapkitRouteSchema).default([]),
  providerErrors: z
    .array(
      z.looseObject({
        provider: z.string().optional(),
        errorCode: z.string().optional(),
        message: z.string().optional(),
      }),
    )
    .default([]),
  error: z.string().optional(),
})
export type SwapkitQuoteResponse = z.infer<typeof SwapkitQuoteResponseSchema>

/** An EVM transaction as `/v3/swap` gives it (`value` decimal or hex). */
export const SwapkitEvmTxSchema = z.looseObject({
  to: address,
  data: z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/),
  value: z.union([z.string(), z.number()]).optional(),
  gas: z.union([z.string(), z.number()]).optional(),
  gasLimit: z.union([z.string(), z.number()]).optional(),
})

/** `POST /v3/swap`: the chosen route, rebuilt for the sender, with where and how to send it. */
export const SwapkitSwapResponseSchema = SwapkitRouteSchema.extend({
  targetAddress: z.string().optional(),
  inboundAddress: z.string().optional(),
  memo: z.string().optional(),
  txType: z.string().optional(),
  tx: z.unknown().optional(),
  approvalTx: z.looseObject({ to: z.string().optional(), data: z.string().optional() }).nullish(),
})
export type SwapkitSwapResponse = z.infer<typeof SwapkitSwapResponseSchema>
