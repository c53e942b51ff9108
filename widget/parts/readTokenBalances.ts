import type { Token } from '../../shared/schemas'
import type { Eip1193Provider } from '../../shared/wallet'
import { decodeAggregate3, encodeAggregate3, MULTICALL3_ADDRESS } from './aggregate3'

export type ReadTokenBalancesParameters = {
  /** The wallet's provider; it must be on the chain of `tokens`. */
  provider: Eip1193Provider
  owner: `0x${string}`
  /** Tokens of one EVM chain; a native coin is read with Multicall3's `getEthBalance`. */
  tokens: readonly Token[]
}

/**
 * The wallet's balance of each token, by CAIP id, read through the wallet: one `eth_call` to
 * Multicall3's `aggregate3` where the chain has code at its canonical address, else one call per
 * token. A token whose read fails is left out (the picker shows no balance for it, never zero).
 *
 * @example
 * await readTokenBalances({ provider, owner, tokens }) // Map { 'eip155:1/erc20:0xa0b8…' => 1500000n }
 */
export async function readTokenBalances({
  provider,
  owner,
  tokens,
}: ReadTokenBalancesParameters): Promise<Map<string, bigint>> {
  const account = owner.slice(2).toLowerCase().padStart(64, '0')
  const balances = new Map<string, bigint>()
  const call = (to: string, data: string) =>
    provider.request({ method: 'eth_call', params: [{ to, data }, 'latest'] }) as Promise<string>
  const code = await provider
    .request({ method: 'eth_getCode', params: [MULTICALL3_ADDRESS, 'latest'] })
    .catch(() => '0x')
  if (typeof code === 'string' && code.length > 2) {
    const calls = tokens.map((token) => ({
      target: (token.contract ?? MULTICALL3_ADDRESS) as `0x${string}`,
      // balanceOf(owner), or Multicall3's getEthBalance(owner) for the native coin.
      callData: `0x${token.contract ? '70a08231' : '4d2301cc'}${account}` as `0x${string}`,
    }))
    const results = decodeAggregate3(await call(MULTICALL3_ADDRESS, encodeAggregate3(calls)))
    results.forEach((result, index) => {
      const value = result.success ? readWord(result.returnData) : undefined
      if (value !== undefined && tokens[index]) balances.set(tokens[index].caip, value)
    })
    return balances
  }
  await Promise.all(
    tokens.map(async (token) => {
      const answer = await (
        token.contract
          ? call(token.contract, `0x70a08231${account}`)
          : provider.request({ method: 'eth_getBalance', params: [owner, 'latest'] })
      ).catch(() => undefined)
      const value = typeof answer === 'string' ? readWord(answer) : undefined
      if (value !== undefined) balances.set(token.caip, value)
    }),
  )
  return balances
}

/** A uint256 word or JSON-RPC quantity, or `undefined` for anything else (an EOA answers `0x`). */
function readWord(data: string): bigint | undefined {
  return /^0x[0-9a-fA-F]{1,64}$/.test(data) ? BigInt(data) : undefined
}
