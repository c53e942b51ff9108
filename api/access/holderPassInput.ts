import { isAddress } from 'viem'
import { z } from 'zod'

// As `/quote` takes addresses: nobody can sign for the zero address, and a mixed-case address whose
// EIP-55 checksum is wrong is a typo (one case throughout carries no checksum).
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be a 0x address of 40 hex characters', abort: true })
  .refine((value) => !/^0x0{40}$/.test(value), 'is the zero address, which nobody can sign for')
  .refine((value) => isAddress(value), 'has a wrong EIP-55 checksum (mixed case): check it for a typo')

/** Holder-pass step 1: the wallet that holds the pass. */
export const HolderPassChallengeInputSchema = z.object({ address })

/** Holder-pass step 2: `issued` verbatim from step 1 and the `personal_sign` signature of its message. */
export const HolderPassRedeemInputSchema = z.object({
  address,
  issued: z.string().min(1).max(64),
  // 65 bytes for an EOA; smart-wallet (ERC-1271/6492) signatures are longer.
  signature: z
    .string()
    .max(20_000)
    .regex(/^0x([0-9a-fA-F]{2}){65,}$/, 'must be a 0x hex signature of at least 65 bytes'),
})
export type HolderPassRedeemInput = z.infer<typeof HolderPassRedeemInputSchema>
