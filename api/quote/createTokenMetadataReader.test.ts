import { afterEach, describe, expect, it } from 'vitest'
import { ethereum } from '../../shared'
import type { Erc20Answers } from '../testing/erc20Node'
import { bytes32Result, decimalsResult, erc20Node, rpcAnswers, stringResult } from '../testing/erc20Node'
import type { JsonRpcAnswer, JsonRpcNode } from '../testing/startJsonRpcNode'
import { startJsonRpcNode } from '../testing/startJsonRpcNode'
import { createTokenMetadataReader } from './createTokenMetadataReader'

const MKR = '0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2'
const TOKEN = '0x3333333333333333333333333333333333333333'
const NO_CODE = '0x4444444444444444444444444444444444444444'

let node: JsonRpcNode | undefined
afterEach(async () => {
  await node?.close()
  node = undefined
})

/** A reader of Ethereum whose node answers `TOKEN` with `answers`, over real HTTP. */
async function readerFor(answers: Erc20Answers | (() => Erc20Answers)) {
  const current = typeof answers === 'function' ? answers : () => answers
  node = await startJsonRpcNode({ answer: (call) => erc20Node({ [TOKEN]: current() })(call) })
  const reader = createTokenMetadataReader({ rpcUrls: { ETH: node.url } })
  return (contract: `0x${string}` = TOKEN) => reader({ chain: ethereum, contract })
}

const erc20 = (overrides: Erc20Answers = {}): Erc20Answers => ({
  decimals: decimalsResult(9),
  symbol: stringResult('FOO'),
  name: stringResult('Foo Token'),
  ...overrides,
})

describe('createTokenMetadataReader', () => {
  it('reads decimals, symbol and name of an ERC-20 that answers strings', async () => {
    const read = await readerFor(erc20())
    expect(await read()).toEqual({ decimals: 9, symbol: 'FOO', name: 'Foo Token' })
  })

  it("reads a bytes32 symbol and name, as MKR's contract answers them", async () => {
    node = await startJsonRpcNode({
      answer: erc20Node({
        [MKR]: { decimals: decimalsResult(18), symbol: bytes32Result('MKR'), name: bytes32Result('Maker') },
      }),
    })
    const reader = createTokenMetadataReader({ rpcUrls: { ETH: node.url } })
    expect(await reader({ chain: ethereum, contract: MKR })).toEqual({
      decimals: 18,
      symbol: 'MKR',
      name: 'Maker',
    })
  })

  it('resolves a token whose symbol reverts or does not decode, by its decimals alone', async () => {
    for (const symbol of [rpcAnswers.reverted, { result: '0x1234' }]) {
      const read = await readerFor(erc20({ symbol, name: rpcAnswers.revertedEmpty }))
      expect(await read()).toEqual({ decimals: 9 })
      await node?.close()
    }
  })

  it('is undefined (UNKNOWN_TOKEN) for no code at the address, a reverting decimals() or undecodable decimals', async () => {
    const read = await readerFor(erc20())
    expect(await read(NO_CODE)).toBeUndefined()
    await node?.close()
    for (const decimals of [rpcAnswers.reverted, rpcAnswers.revertedEmpty, { result: '0x1234' }]) {
      const readBroken = await readerFor(erc20({ decimals }))
      expect(await readBroken()).toBeUndefined()
      await node?.close()
    }
  })

  const nodeFailures: [string, JsonRpcAnswer][] = [
    ['HTTP 500', rpcAnswers.serverError],
    ['JSON-RPC -32005 limit exceeded', rpcAnswers.limitExceeded],
    ['JSON-RPC -32603 internal error', rpcAnswers.internalError],
  ]
  for (const [label, failure] of nodeFailures) {
    it(`throws UPSTREAM_ERROR, not UNKNOWN_TOKEN, when the node answers ${label}`, async () => {
      for (const failing of ['decimals', 'symbol'] as const) {
        const read = await readerFor(erc20({ [failing]: failure }))
        await expect(read()).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
        await node?.close()
      }
    })
  }

  it('does not cache a node failure: the next read after recovery succeeds', async () => {
    let failing = true
    const read = await readerFor(() => (failing ? erc20({ decimals: rpcAnswers.limitExceeded }) : erc20()))
    await expect(read()).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' })
    failing = false
    expect(await read()).toMatchObject({ decimals: 9, symbol: 'FOO' })
  })
})
