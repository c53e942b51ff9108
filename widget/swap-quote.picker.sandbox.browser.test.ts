import type { Hex } from 'viem'
import { createSandboxWallet } from '../demo/sandboxWallet/createSandboxWallet'
import { formatAmount } from '../shared/amount/formatAmount'
import { MULTICALL3_ADDRESS } from './parts/aggregate3'
import { formatNumber } from './parts/formatNumber'
import type { SwapQuote } from './swap-quote'
import { $, assert, assertEqual, describe, it, mount, textOf, waitUntil } from './test/harness'

/*
 * The token picker against the real sandbox world: the API's /tokens and logos, and the balances of
 * a funded dev account read through its wallet from the anvil chain, in one batch through the
 * Multicall3 the sandbox places at the canonical address. The account is one no test spends from
 * (`watcherKey`): a swap test running beside this one moved dev account 0's USDC between the read
 * of the expected balance and the picker's.
 */

type SandboxInfo = { url: string; watcherKey: Hex; chains: { chainId: number; symbol: string }[] }

const proxy = (name: string) => `${location.origin}/__sandbox/proxy/${name}`
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('<swap-quote> token picker on the sandbox', () => {
  // The first sandbox test of a run also waits for the world to start (chains deployed, simulators up).
  it('lists the sandbox wallet balances, read in one Multicall3 batch through the wallet', async () => {
    const { url, watcherKey, chains } = (await (await fetch('/__sandbox.json')).json()) as SandboxInfo
    const wallet = createSandboxWallet({
      privateKey: watcherKey,
      chains: chains.map(({ chainId, symbol }) => ({
        chainId,
        name: symbol,
        nativeSymbol: symbol,
        rpcUrl: `${proxy('sandbox')}/sandbox/rpc/${chainId}`,
      })),
    })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    const [account] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[]
    const calls: { method: string; to?: string; data?: string }[] = []
    const provider = {
      ...wallet,
      request: (args: { method: string; params?: unknown }) => {
        const [first] = (Array.isArray(args.params) ? args.params : []) as { to?: string; data?: string }[]
        calls.push({ method: args.method, to: first?.to, data: first?.data })
        return wallet.request(args)
      },
    }
    // What the chain itself says, read apart from the picker: one balanceOf call.
    const expected = BigInt(
      (await wallet.request({
        method: 'eth_call',
        params: [
          { to: usdc, data: `0x70a08231${account!.slice(2).toLowerCase().padStart(64, '0')}` },
          'latest',
        ],
      })) as string,
    )
    assert(expected > 0n, 'the watching account holds sandbox USDC')

    const element: SwapQuote = await mount({
      'api-base': url,
      'sell-chain': 'ETH',
      'sell-token': 'ETH',
      'buy-chain': 'ETH',
      'buy-token': 'USDC',
    })
    element.provider = provider as never
    await waitUntil(() => textOf(element, '[data-testid="account"]'), 'connected', 20_000)
    $<HTMLButtonElement>(element, '[name="sell-token"]')!.click()
    const shown = await waitUntil(
      () => textOf(element, '[role="option"][data-symbol="USDC"] [data-testid="picker-balance"]'),
      'the USDC balance in the list',
      30_000,
    )
    assertEqual(
      shown,
      formatNumber({ value: formatAmount({ value: expected, decimals: 6 }), locale: navigator.language }),
    )
    assert(
      textOf(element, '[role="option"][data-symbol="ETH"] [data-testid="picker-balance"]') !== '',
      'the native balance is listed too',
    )
    const batches = calls.filter(
      (call) => call.method === 'eth_call' && call.to?.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase(),
    )
    assertEqual(batches.length, 1, 'one batch for the whole list')
    assert(batches[0]!.data?.startsWith('0x82ad56cb'), 'through aggregate3')
    assert(
      !calls.some((call) => call.method === 'eth_call' && call.to?.toLowerCase() === usdc.toLowerCase()),
      'no read of its own for USDC',
    )
    assert(
      textOf(element, '[data-testid="picker-status"]').startsWith('Balances of 0x'),
      'says whose balances',
    )
    const logo = $<HTMLImageElement>(element, '[role="option"][data-symbol="USDC"] img')
    assert(logo && /\/logos\/usdc-/.test(logo.src), 'the logo comes from the API')
  }, 300_000)
})
