import * as z from 'zod/mini'

/**
 * The x402 payment requirements of a 402 from `/access`: v2 sends them base64-encoded in the
 * `PAYMENT-REQUIRED` header, v1 in the body. Loose on purpose: the x402 client that pays reads the rest.
 *
 * @example
 * const required = PaymentRequiredSchema.parse(body)
 * required.accepts[0]?.network // 'eip155:8453'
 */
export const PaymentRequiredSchema = z.looseObject({
  x402Version: z.int().check(z.positive()),
  accepts: z.array(
    z.looseObject({
      scheme: z.string().check(z.minLength(1)),
      network: z.string().check(z.minLength(1)),
    }),
  ),
})
export type PaymentRequired = z.infer<typeof PaymentRequiredSchema>
