/** A validated LI.FI `/v1/quote` query (tokens and chains still as sent: resolved against the world later). */
export type LifiParams = {
  fromChain: string
  toChain: string
  fromToken: string
  toToken: string
  fromAmount: bigint
  fromAddress: `0x${string}`
  toAddress?: `0x${string}`
  /** Slippage in parts per million (LI.FI sends a decimal fraction, default 0.005). */
  slippagePpm: number
  /** The slippage as sent, echoed in `action.slippage`. */
  slippage: number
  integrator: string
  /** Integrator fee in parts per million of `fromAmount` (LI.FI sends a decimal fraction). */
  feePpm: number
  fee?: number
  referrer?: string
}

export type ParseLifiParamsReturnType = { ok: true; params: LifiParams } | { ok: false; message: string }

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * Validates a LI.FI `/v1/quote` query the way LI.FI does: the first problem becomes the 400
 * message, prefixed with the parameter path (`/fromAmount ...`).
 */
export function parseLifiParams({
  query,
}: {
  query: Record<string, string | undefined>
}): ParseLifiParamsReturnType {
  for (const field of [
    'fromChain',
    'toChain',
    'fromToken',
    'toToken',
    'fromAddress',
    'fromAmount',
  ] as const) {
    if (query[field] === undefined || query[field] === '') {
      return { ok: false, message: `/${field} must have required property '${field}'` }
    }
  }
  const fromAmount = query.fromAmount!
  if (!/^[0-9]{1,78}$/.test(fromAmount) || BigInt(fromAmount) === 0n) {
    return { ok: false, message: '/fromAmount must match pattern "^[1-9][0-9]*$"' }
  }
  const fromAddress = query.fromAddress!
  if (!addressPattern.test(fromAddress)) return { ok: false, message: '/fromAddress Invalid address' }
  const toAddress = query.toAddress
  if (toAddress !== undefined && toAddress !== '' && !addressPattern.test(toAddress)) {
    return { ok: false, message: '/toAddress Invalid address' }
  }
  const slippage = parseFraction(query.slippage ?? '0.005')
  if (slippage === undefined || slippage.ppm > 1_000_000) {
    return { ok: false, message: '/slippage must be <= 1' }
  }
  const integrator = query.integrator ?? 'lifi-api'
  if (!/^[A-Za-z0-9._-]{1,23}$/.test(integrator)) {
    return { ok: false, message: '/integrator must match pattern "^[A-Za-z0-9._-]{1,23}$"' }
  }
  let fee: { ppm: number; value: number } | undefined
  if (query.fee !== undefined && query.fee !== '') {
    fee = parseFraction(query.fee)
    if (fee === undefined || fee.ppm >= 1_000_000) return { ok: false, message: '/fee must be < 1' }
  }
  return {
    ok: true,
    params: {
      fromChain: query.fromChain!,
      toChain: query.toChain!,
      fromToken: query.fromToken!,
      toToken: query.toToken!,
      fromAmount: BigInt(fromAmount),
      fromAddress: fromAddress as `0x${string}`,
      ...(toAddress ? { toAddress: toAddress as `0x${string}` } : {}),
      slippagePpm: slippage.ppm,
      slippage: slippage.value,
      integrator,
      feePpm: fee?.ppm ?? 0,
      ...(fee ? { fee: fee.value } : {}),
      ...(query.referrer ? { referrer: query.referrer } : {}),
    },
  }
}

/** A decimal fraction (`0.005`) as exact parts per million; more than 6 decimals is rejected. */
function parseFraction(value: string): { ppm: number; value: number } | undefined {
  const match = /^([0-9]{1,7})(?:\.([0-9]{1,6}))?$/.exec(value)
  if (!match) return undefined
  const ppm = Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'))
  return { ppm, value: Number(value) }
}
