import {
  concat,
  hashTypedData,
  numberToHex,
  pad,
  parseAbi,
  recoverAddress,
  recoverMessageAddress,
  type Address,
  type Hex,
} from 'viem'

/** An order as CoW's EIP-712 `Order` struct has it (receiver `0x0…0` means the owner). */
export type CowOrder = {
  sellToken: Address
  buyToken: Address
  receiver: Address
  sellAmount: bigint
  buyAmount: bigint
  validTo: number
  appData: Hex
  feeAmount: bigint
  kind: 'sell' | 'buy'
  partiallyFillable: boolean
  sellTokenBalance: 'erc20' | 'external' | 'internal'
  buyTokenBalance: 'erc20' | 'internal'
}

/** The EIP-712 types of a CoW order (`GPv2Order.TYPE_HASH`). */
export const cowOrderTypes = {
  Order: [
    { name: 'sellToken', type: 'address' },
    { name: 'buyToken', type: 'address' },
    { name: 'receiver', type: 'address' },
    { name: 'sellAmount', type: 'uint256' },
    { name: 'buyAmount', type: 'uint256' },
    { name: 'validTo', type: 'uint32' },
    { name: 'appData', type: 'bytes32' },
    { name: 'feeAmount', type: 'uint256' },
    { name: 'kind', type: 'string' },
    { name: 'partiallyFillable', type: 'bool' },
    { name: 'sellTokenBalance', type: 'string' },
    { name: 'buyTokenBalance', type: 'string' },
  ],
} as const

/** The GPv2 EIP-712 domain of one chain's settlement contract. */
export function cowDomain({ chainId, settlement }: { chainId: number; settlement: Address }) {
  return { name: 'Gnosis Protocol', version: 'v2', chainId, verifyingContract: settlement } as const
}

/** The order's EIP-712 digest (what `eip712` signs, and `ethsign` signs as a message). */
export function hashCowOrder({
  order,
  chainId,
  settlement,
}: {
  order: CowOrder
  chainId: number
  settlement: Address
}): Hex {
  return hashTypedData({
    domain: cowDomain({ chainId, settlement }),
    types: cowOrderTypes,
    primaryType: 'Order',
    message: order,
  })
}

/** The 56-byte order UID: digest ‖ owner ‖ validTo. */
export function computeOrderUid({
  digest,
  owner,
  validTo,
}: {
  digest: Hex
  owner: Address
  validTo: number
}): Hex {
  return concat([digest, owner, pad(numberToHex(validTo), { size: 4 })]).toLowerCase() as Hex
}

/** The signing schemes the order book accepts for off-chain signatures. */
export type CowSigningScheme = 'eip712' | 'ethsign'

/**
 * GPv2Trade flags: bit 0 kind, bit 1 partially fillable, bits 2-3 sell balance, bit 4 buy balance,
 * bits 5-6 signing scheme (`GPv2Trade.extractFlags`).
 */
export function encodeTradeFlags({
  order,
  signingScheme,
}: {
  order: CowOrder
  signingScheme: CowSigningScheme
}): bigint {
  let flags = 0n
  if (order.kind === 'buy') flags |= 1n
  if (order.partiallyFillable) flags |= 2n
  if (order.sellTokenBalance === 'external') flags |= 2n << 2n
  if (order.sellTokenBalance === 'internal') flags |= 3n << 2n
  if (order.buyTokenBalance === 'internal') flags |= 1n << 4n
  if (signingScheme === 'ethsign') flags |= 1n << 5n
  return flags
}

/** The GPv2Settlement and authenticator functions the solver calls. */
export const gpv2SettlementAbi = parseAbi([
  'struct Trade { uint256 sellTokenIndex; uint256 buyTokenIndex; address receiver; uint256 sellAmount; uint256 buyAmount; uint32 validTo; bytes32 appData; uint256 feeAmount; uint256 flags; uint256 executedAmount; bytes signature; }',
  'struct Interaction { address target; uint256 value; bytes callData; }',
  'function settle(address[] tokens, uint256[] clearingPrices, Trade[] trades, Interaction[][3] interactions)',
  'function filledAmount(bytes orderUid) view returns (uint256)',
  'function authenticator() view returns (address)',
  'function isSolver(address prospectiveSolver) view returns (bool)',
])

/**
 * The owner that signed an order digest: `eip712` signs the digest itself, `ethsign` signs it as an
 * `eth_sign` message. `undefined` when the signature is not 65 bytes or does not recover.
 */
export async function recoverCowOrderOwner({
  digest,
  signature,
  signingScheme,
}: {
  digest: Hex
  signature: Hex
  signingScheme: CowSigningScheme
}): Promise<Address | undefined> {
  if (signature.length !== 132) return undefined
  try {
    return signingScheme === 'eip712'
      ? await recoverAddress({ hash: digest, signature })
      : await recoverMessageAddress({ message: { raw: digest }, signature })
  } catch {
    return undefined
  }
}
