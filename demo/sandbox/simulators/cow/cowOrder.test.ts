import { domainSeparator, keccak256, stringToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  computeOrderUid,
  cowDomain,
  cowOrderTypes,
  encodeTradeFlags,
  hashCowOrder,
  recoverCowOrderOwner,
  type CowOrder,
} from './cowOrder'

const settlement = '0x9008D19f58AAbD9eD0D60971565AA8510560ab41'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const order: CowOrder = {
  sellToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  buyToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  receiver: '0x0000000000000000000000000000000000000000',
  sellAmount: 1_000_000_000n,
  buyAmount: 396_685_851_880_196_320n,
  validTo: 1_767_227_400,
  appData: keccak256(stringToHex('{}')),
  feeAmount: 0n,
  kind: 'sell',
  partiallyFillable: false,
  sellTokenBalance: 'erc20',
  buyTokenBalance: 'erc20',
}

describe('CoW order hashing', () => {
  it('uses the GPv2 domain whose mainnet separator CoW documents', () => {
    expect(domainSeparator({ domain: cowDomain({ chainId: 1, settlement }) })).toBe(
      '0xc078f884a2676e1345748b1feace7b0abee5d00ecadb6e574dcdd109a63e8943',
    )
  })

  it('recovers the owner of an eip712 and of an ethsign signature, and nobody from garbage', async () => {
    const digest = hashCowOrder({ order, chainId: 1, settlement })
    const typed = await account.signTypedData({
      domain: cowDomain({ chainId: 1, settlement }),
      types: cowOrderTypes,
      primaryType: 'Order',
      message: order,
    })
    expect(await recoverCowOrderOwner({ digest, signature: typed, signingScheme: 'eip712' })).toBe(
      account.address,
    )
    const ethsign = await account.signMessage({ message: { raw: digest } })
    expect(await recoverCowOrderOwner({ digest, signature: ethsign, signingScheme: 'ethsign' })).toBe(
      account.address,
    )
    expect(
      await recoverCowOrderOwner({ digest, signature: '0x1234' as Hex, signingScheme: 'eip712' }),
    ).toBeUndefined()
  })

  it('builds the 56-byte uid as digest, owner, validTo', () => {
    const digest = hashCowOrder({ order, chainId: 1, settlement })
    const uid = computeOrderUid({ digest, owner: account.address, validTo: order.validTo })
    expect(uid).toHaveLength(2 + 112)
    expect(uid.slice(2, 66)).toBe(digest.slice(2))
    expect(uid.slice(66, 106)).toBe(account.address.slice(2).toLowerCase())
    expect(Number.parseInt(uid.slice(106), 16)).toBe(order.validTo)
  })

  it('encodes GPv2 trade flags for the signing scheme and order kind', () => {
    expect(encodeTradeFlags({ order, signingScheme: 'eip712' })).toBe(0n)
    expect(
      encodeTradeFlags({
        order: { ...order, kind: 'buy', partiallyFillable: true },
        signingScheme: 'ethsign',
      }),
    ).toBe(0b100011n)
  })
})
