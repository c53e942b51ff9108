import { type PaymentRequired, PaymentRequiredSchema } from './paymentRequired'

/**
 * Decodes a `PAYMENT-REQUIRED` header (base64 of UTF-8 JSON, x402 v2) into its payment requirements.
 * Returns `undefined` when the value is not base64 JSON of that shape.
 *
 * @example
 * const required = decodePaymentRequired(response.headers.get('PAYMENT-REQUIRED') ?? '')
 * required?.accepts[0]?.network // 'eip155:8453'
 */
export function decodePaymentRequired(header: string): PaymentRequired | undefined {
  try {
    const binary = atob(header.trim())
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    const result = PaymentRequiredSchema.safeParse(json)
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}
