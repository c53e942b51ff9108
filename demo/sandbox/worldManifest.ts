import { z } from 'zod'

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

/** Contracts deployed on one sandbox EVM chain. Optional entries exist only where that chain has them. */
export const ChainContractsSchema = z.object({
  /** Wrapped native token (WETH, WBNB, WAVAX), at its real mainnet address. */
  wrappedNative: Address,
  /** Uniswap V2 factory and Router02 from the official build artifacts. */
  uniswapV2Factory: Address,
  uniswapV2Router: Address,
  /** Every curated ERC-20 of the chain (shared token list), by symbol, at its real mainnet address. */
  tokens: z.record(z.string(), Address),
  /** CoW Protocol on the chains CoW serves. */
  gpv2Settlement: Address.optional(),
  gpv2VaultRelayer: Address.optional(),
  gpv2Authenticator: Address.optional(),
  /** THORChain router (cross-chain issue). */
  thorchainRouter: Address.optional(),
  /** ERC-721 holder pass (BASE only). */
  holderPass: Address.optional(),
  /** USDC with EIP-3009 for x402 (BASE only; the real Base USDC address). */
  usdc: Address.optional(),
  /**
   * ETH only: a lookalike of USDC (symbol "USDC", name "USD Coin", 6 decimals, one digit off the real
   * address) with a thin pool against the wrapped native, worth a fraction of a cent: not curated, so
   * its quotes carry `verified: false` and a USD value that shows what it is worth.
   */
  lookalikeUsdc: Address.optional(),
  /** ETH only: a fee-on-transfer token (symbol "TAX", 18 decimals) burning 5% of every transfer, pooled against the wrapped native. */
  feeOnTransferToken: Address.optional(),
  /** Seeded Uniswap V2 pairs, tokens in Uniswap's order (token0 is the lower address). */
  uniswapV2Pairs: z.array(z.object({ pair: Address, token0: Address, token1: Address })).optional(),
  /** EIP-712 domain separator of `gpv2Settlement` on this chain (name "Gnosis Protocol", version "v2"). */
  gpv2DomainSeparator: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
})
export type ChainContracts = z.infer<typeof ChainContractsSchema>

/** One local anvil chain of the sandbox. */
export const SandboxChainSchema = z.object({
  symbol: z.string(),
  chainId: z.number().int().positive(),
  rpcUrl: z.url(),
  contracts: ChainContractsSchema,
})
export type SandboxChain = z.infer<typeof SandboxChainSchema>

/** A dev account (anvil's well-known mnemonic). Account 0 is the demo user. */
export const DevAccountSchema = z.object({
  address: Address,
  privateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
})

/**
 * `.sandbox/world.json`, also served at `/sandbox/world.json`: how tests, the demo page, the API
 * config and outside tools find every part of a running sandbox.
 *
 * Simulator base URLs are what the matching live base URL would be, so adapters append the same
 * paths in both modes: `zerox` like `https://api.0x.org`, `lifi` like `https://li.quest/v1`,
 * `cow` like `https://api.cow.fi` (the adapter appends `/{slug}/api/v1/...`), `swapkit` like
 * `https://api.swapkit.dev`, `thornode` like a THORNode gateway.
 */
export const WorldManifestSchema = z.object({
  startedAt: z.string(),
  chains: z.record(z.string(), SandboxChainSchema),
  simulators: z.object({
    zerox: z.url(),
    lifi: z.url(),
    cow: z.url(),
    swapkit: z.url().optional(),
    thornode: z.url().optional(),
    /** A THORChain Midgard (`/v2/actions`), where the API finds deposits sent without a hash. */
    midgard: z.url().optional(),
    /** The simulated ledger of BTC, LTC, DOGE, BCH, GAIA and THOR (`/ledger/...`) and the payout accounting (`/payouts`). */
    thorchainLedger: z.url().optional(),
    facilitator: z.url().optional(),
  }),
  /** Fault-injection control API (see `faults.ts`). */
  faultControlUrl: z.url(),
  accounts: z.array(DevAccountSchema),
  /**
   * Fee recipients the sandbox configures the API with, so tests can watch them on chain: the service's
   * wallet, `PARTNER_FEE_RECIPIENT` (where venues pay partner fees the service then owes), and the
   * registered demo partner's own payout wallet.
   */
  feeRecipients: z.object({ service: Address, partner: Address, registeredPartner: Address }),
  /** The sandbox THORChain (`thorchain/startCrossChain.ts`): its EVM vault and the ledger's addresses. */
  thorchain: z
    .object({
      /** THORNode's `inbound_address` on every EVM chain (a dedicated key, not a dev account). */
      evmVault: Address,
      /** Per ledger chain: the vault and the addresses standing in for dev accounts 0-3 (funded). */
      ledger: z.record(z.string(), z.object({ vault: z.string(), accounts: z.array(z.string()) })),
      /** Fault control of the `thornode` and `swapkit` simulators, when they have their own. */
      faultControlUrl: z.url().optional(),
    })
    .optional(),
  /** Dev accounts with a fixed job: the demo user (0), the deployer and pool owner, the CoW solver. */
  roles: z.object({ demoUser: Address, deployer: Address, solver: Address }).optional(),
})
export type WorldManifest = z.infer<typeof WorldManifestSchema>

/**
 * The manifest while only the chains are up: `startWorld` writes this, and `world.setSimulators`
 * completes it once the venue simulators run. Readers that need simulators parse with `WorldManifestSchema`.
 */
export const WorldManifestDraftSchema = WorldManifestSchema.partial({
  simulators: true,
  faultControlUrl: true,
})
export type WorldManifestDraft = z.infer<typeof WorldManifestDraftSchema>
