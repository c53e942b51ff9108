import { readFileSync } from 'node:fs'
import { getAddress, isAddress, zeroAddress } from 'viem'
import { z } from 'zod'
import { ConfigError } from '../config'

/** A partner the operator has registered: where it is paid on chain, and the most it may charge. */
export type RegisteredPartner = {
  id: string
  /** Wallet paid directly where a venue can pay several recipients (0x fee lists, CoW policies). */
  payoutAddress: `0x${string}`
  /** Highest partner fee honoured for this partner, basis points (0..100). */
  maxFeeBps: number
}

/** Registered partners by id. An unregistered partner is settled off-chain from the ledger, as before. */
export type PartnerRegistry = ReadonlyMap<string, RegisteredPartner>

export const emptyPartnerRegistry: PartnerRegistry = new Map()

/**
 * The form a partner id is matched in: its compatibility form (NFKC: fullwidth and styled letters as
 * plain ones), lower case, and every dash (`‐`, `–`, `—`, `－`, …) as `-`. `Demo-Partner`, `demo‐partner`
 * and `ｄｅｍｏ-partner` all reach the registered `demo-partner`, and its payout address, where an exact
 * match sent the fee to the service's wallet as another, unregistered partner's.
 *
 * @example
 * partnerKey('Demo\u2010Partner') // 'demo-partner'
 */
export function partnerKey(id: string): string {
  return id
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Pd}/gu, '-')
}

/** The registry's map: its keys are `partnerKey`s, and `get` and `has` take an id in any of its spellings. */
class PartnerMap extends Map<string, RegisteredPartner> {
  override get(id: string): RegisteredPartner | undefined {
    return super.get(partnerKey(id))
  }
  override has(id: string): boolean {
    return super.has(partnerKey(id))
  }
}

/**
 * The bps a partner's fee may take on any venue: what the request asks, capped at a registered
 * partner's `maxFeeBps`, with the words saying so (`capped`) when the cap cut it.
 *
 * @example
 * capPartnerFee(50, { id: 'acme', payoutAddress, maxFeeBps: 20 }) // { bps: 20, capped: "the partner's registered cap is 20 bps." }
 */
export function capPartnerFee(
  askedBps: number,
  partner: RegisteredPartner | undefined,
): { bps: number; capped?: string } {
  if (!partner || askedBps <= partner.maxFeeBps) return { bps: askedBps }
  return { bps: partner.maxFeeBps, capped: `the partner's registered cap is ${partner.maxFeeBps} bps.` }
}

const RegistryFileSchema = z.object({
  partners: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(64),
        payoutAddress: z
          .string()
          .refine((value) => isAddress(value, { strict: false }), 'not an EVM address')
          // Paid on chain in swaps: the zero address would burn the partner's fees.
          .refine((value) => value !== zeroAddress, 'is the zero address: fees paid there are burned'),
        maxFeeBps: z.number().int().min(0).max(100).default(100),
      }),
    )
    .max(10_000),
})

/**
 * Reads the partner registry (`PARTNER_REGISTRY_PATH`): `{ "partners": [{ "id", "payoutAddress",
 * "maxFeeBps" }] }`. A file that cannot be read, is not JSON, names an id twice or holds a bad entry
 * throws a `ConfigError` naming the file and the entry, so the service does not start with it.
 *
 * @example
 * const registry = loadPartnerRegistry({ path: 'partners.json' })
 * registry.get('ACME')?.payoutAddress // acme's
 */
export function loadPartnerRegistry({
  path,
  readText = (file) => readFileSync(file, 'utf8'),
}: {
  path: string | undefined
  readText?: (path: string) => string
}): PartnerRegistry {
  if (path === undefined) return emptyPartnerRegistry
  let data: unknown
  try {
    data = JSON.parse(readText(path))
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'is not valid JSON' : 'cannot be read'
    throw new ConfigError([`PARTNER_REGISTRY_PATH: ${path} ${reason}`])
  }
  const parsed = RegistryFileSchema.safeParse(data)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `PARTNER_REGISTRY_PATH: ${path}: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
      ),
    )
  }
  const registry = new PartnerMap()
  for (const entry of parsed.data.partners) {
    const listed = registry.get(entry.id)
    if (listed) {
      const spelled =
        listed.id === entry.id ? '' : ` (as "${listed.id}": ids match whatever their case and dashes)`
      throw new ConfigError([
        `PARTNER_REGISTRY_PATH: ${path}: partner "${entry.id}" is listed twice${spelled}`,
      ])
    }
    registry.set(partnerKey(entry.id), {
      id: entry.id,
      payoutAddress: getAddress(entry.payoutAddress),
      maxFeeBps: entry.maxFeeBps,
    })
  }
  return registry
}
