import { Hono } from 'hono'
import type { FaultController } from '../../simulators/faults/createFaultController'
import { sandboxAddress } from '../addresses/sandboxAddress'
import { chainParams } from '../assets/chainParams'
import { resolveThorAsset } from '../assets/resolveThorAsset'
import { crossChainFaultMiddleware } from '../faults/crossChainFaults'
import type { ThorPool } from '../pools/createThorPools'
import type { Observer } from '../observer/createObserver'
import { isTradingHalted, type ThorchainState } from '../thorchainState'
import { describeTxStatus } from './describeTxStatus'
import { quoteSwap } from './quoteSwap'
import { thornameAddress } from './thornameAddress'
import { thornodeError } from './thornodeError'

function poolBody(pool: ThorPool) {
  return {
    asset: pool.asset.asset,
    status: pool.status,
    decimals: pool.asset.decimals,
    balance_asset: String(pool.assetDepth),
    balance_rune: String(pool.runeDepth),
    asset_tor_price: String((pool.asset.usdE4 * 10n ** 8n) / 10_000n),
  }
}

/** The THORNames the sandbox registers: SwapKit's own, and the service's split. */
export const SANDBOX_THORNAMES: ReadonlySet<string> = new Set(['sk', 'sq', 'sqops'])

/**
 * A THORNode simulator: `GET /thorchain/quote/swap`, `GET /thorchain/inbound_addresses`,
 * `GET /thorchain/pools`, `GET /thorchain/pool/{asset}`, `GET /thorchain/thorname/{name}` and (with
 * the observer) `GET /thorchain/tx/status/{hash}`, following what the sandbox THORChain did, in
 * THORNode's wire format (1e8 amounts, upper-case asset notation, gRPC-gateway error bodies),
 * priced from the sandbox's RUNE pools. Its base URL plays a THORNode gateway.
 *
 * @example
 * const { app } = createThornodeSimulator({ state, faults })
 */
export function createThornodeSimulator({
  state,
  faults,
  thornames = SANDBOX_THORNAMES,
  observer,
}: {
  state: ThorchainState
  faults: FaultController
  /** The sandbox THORChain's observer, whose inbounds `/thorchain/tx/status/{hash}` reports. */
  observer?: Observer
  /** THORNames registered on this chain; any other name is answered as THORNode answers an unknown one. */
  thornames?: ReadonlySet<string>
}): { app: Hono } {
  const app = new Hono()
  app.use(
    '*',
    crossChainFaultMiddleware({
      controller: faults,
      simulator: 'thornode',
      serverErrorBody: () => ({ code: 13, message: 'internal error', details: [] }),
      noLiquidity: (c) =>
        c.req.path === '/thorchain/quote/swap'
          ? c.json(thornodeError('invalid', 'failed to simulate swap: pool does not exist').body, 400)
          : undefined,
      malformedBody: '{"inbound_address":"',
    }),
  )

  app.get('/thorchain/quote/swap', (c) => {
    const result = quoteSwap({ state, query: c.req.queries() ?? {} })
    return result.ok ? c.json(result.body) : c.json(result.error.body, result.error.status)
  })

  app.get('/thorchain/inbound_addresses', (c) =>
    c.json(
      Object.entries(state.vaults)
        .filter(([chain]) => chain !== 'THOR')
        .map(([chain, address]) => {
          const params = chainParams[chain]!
          const halted = isTradingHalted(state, chain)
          return {
            chain,
            pub_key: sandboxAddress({ chain: 'THOR', seed: `vault-pubkey:${chain}` }).replace(
              /^thor1/,
              'thorpub1addwnpepq',
            ),
            address,
            ...(state.routers[chain] ? { router: state.routers[chain] } : {}),
            halted,
            global_trading_paused: state.halted.has('*'),
            chain_trading_paused: halted,
            chain_lp_actions_paused: false,
            gas_rate: params.gasRate,
            gas_rate_units: params.gasRateUnits,
            outbound_tx_size: params.outboundTxSize,
            outbound_fee: String(params.outboundFee),
            dust_threshold: String(params.dustThreshold),
          }
        }),
    ),
  )

  app.get('/thorchain/pools', (c) => c.json([...state.pools.values()].map(poolBody)))
  app.get('/thorchain/pool/:asset', (c) => {
    const resolved = resolveThorAsset({
      text: c.req.param('asset'),
      assets: state.assets,
      pools: state.pools,
    })
    const pool = resolved.kind === 'listed' ? state.pools.get(resolved.asset.asset) : undefined
    if (!pool) {
      const error = thornodeError(
        'invalid',
        `pool ${c.req.param('asset').toUpperCase().slice(0, 80)} doesn't exist`,
      )
      return c.json(error.body, error.status)
    }
    return c.json(poolBody(pool))
  })
  app.get('/thorchain/thorname/:name', (c) => {
    const name = c.req.param('name')
    if (!/^[a-zA-Z0-9+_.-]{1,30}$/.test(name)) {
      const error = thornodeError('invalid', 'invalid thorname')
      return c.json(error.body, error.status)
    }
    // THORNode answers an unregistered name with a 500, code 2, "THORName doesn't exist" (its keeper's
    // error wrapped as ErrInternal: thornode regression suite affiliates-preferred-asset.yaml).
    if (!thornames.has(name.toLowerCase())) {
      const error = thornodeError('unknown', `fail to fetch THORName: THORName doesn't exist: ${name}`)
      return c.json(error.body, error.status)
    }
    const owner = thornameAddress(name)
    return c.json({
      name,
      expire_block_height: 99_999_999,
      owner,
      preferred_asset: '.',
      aliases: [{ chain: 'THOR', address: owner }],
    })
  })

  if (observer) {
    app.get('/thorchain/tx/status/:hash', (c) => {
      const hash = c.req.param('hash')
      if (!/^(0x)?[0-9a-fA-F]{64}$/.test(hash)) {
        const error = thornodeError('invalid', `fail to parse tx hash: ${hash.slice(0, 80)}`)
        return c.json(error.body, error.status)
      }
      return c.json(describeTxStatus({ observer, state, hash }))
    })
  }

  app.notFound((c) => c.json({ code: 5, message: 'Not Found', details: [] }, 404))
  app.onError((error, c) => {
    console.error('[thornode simulator]', error)
    return c.json({ code: 13, message: 'internal error', details: [] }, 500)
  })
  return { app }
}
