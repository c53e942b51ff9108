import { serve } from '@hono/node-server'
import { x402Facilitator } from '@x402/core/facilitator'
import type { Network, PaymentPayload, PaymentRequirements } from '@x402/core/types'
import { toFacilitatorEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/facilitator'
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator'
import { Hono } from 'hono'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address, Hex } from 'viem'
import { createWalletClient, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { World } from '../startWorld'
import { sandboxAccessRoles } from './sandboxAccessRoles'

/** Which kinds the facilitator settles: v2 networks in CAIP-2 form, v1 networks by name. */
export type FacilitatorNetworks = { v2: readonly Network[]; v1: readonly Network[] }

export type StartFacilitatorParameters = {
  /** A running world with a `BASE` chain (Circle's USDC lives there). */
  world: Pick<World, 'chains' | 'accounts'>
  /** Default: exact on `eip155:8453` (v2) and `base` (v1). Tests pass others to play a facilitator without Base. */
  networks?: FacilitatorNetworks
  /** Dev account that signs and pays gas for settlements; not the payer, the payee or the pass holder. */
  accountIndex?: number
  port?: number
  hostname?: string
}

/** A running local facilitator. */
export type LocalFacilitator = {
  /** Base URL: `GET /supported`, `POST /verify`, `POST /settle`. */
  url: string
  /** The settling account. */
  address: Address
  /** The same facilitator in process (an x402 `FacilitatorClient`). */
  facilitator: x402Facilitator
  stop(): Promise<void>
}

const defaultNetworks: FacilitatorNetworks = { v2: ['eip155:8453'], v1: ['base' as Network] }

/**
 * Starts an x402 facilitator for the sandbox on a free loopback port, built from the `@x402`
 * packages: `x402Facilitator` with `ExactEvmScheme` (v2) and `ExactEvmSchemeV1` over a viem wallet on
 * the Base anvil, signing with its own dev key. It verifies EIP-3009 authorizations and settles them
 * with `transferWithAuthorization` on chain, like a hosted facilitator does on Base.
 *
 * @example
 * const facilitator = await startFacilitator({ world })
 * const config = loadConfig({ X402_FACILITATOR_URL: facilitator.url, X402_PAY_TO: payTo, … })
 * await facilitator.stop()
 */
export async function startFacilitator({
  world,
  networks = defaultNetworks,
  accountIndex = sandboxAccessRoles.facilitator,
  port = 0,
  hostname = '127.0.0.1',
}: StartFacilitatorParameters): Promise<LocalFacilitator> {
  const base = world.chains.BASE
  if (!base) throw new Error('startFacilitator: the world has no BASE chain')
  const key = world.accounts[accountIndex]?.privateKey
  if (!key) throw new Error(`startFacilitator: no dev account ${accountIndex}`)
  const account = privateKeyToAccount(key as Hex)
  const client = createWalletClient({ account, chain: base.chain, transport: http(base.rpcUrl) }).extend(
    publicActions,
  )
  // The signer's argument types are deliberately loose (`Record<string, unknown>`); viem's are exact.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    readContract: (args) => client.readContract(args as Parameters<typeof client.readContract>[0]),
    verifyTypedData: (args) => client.verifyTypedData(args as Parameters<typeof client.verifyTypedData>[0]),
    writeContract: (args) => client.writeContract(args as Parameters<typeof client.writeContract>[0]),
    sendTransaction: (args) => client.sendTransaction(args),
    waitForTransactionReceipt: (args) => client.waitForTransactionReceipt(args),
    getCode: (args) => client.getCode(args),
  })
  const facilitator = new x402Facilitator()
  if (networks.v2.length > 0) facilitator.register([...networks.v2], new ExactEvmScheme(signer))
  if (networks.v1.length > 0) facilitator.registerV1([...networks.v1], new ExactEvmSchemeV1(signer))

  const app = new Hono()
    .get('/supported', (c) => c.json(facilitator.getSupported()))
    .post('/verify', async (c) => {
      const request = await readRequest(c.req.raw)
      if (!request) return c.json({ isValid: false, invalidReason: 'invalid_request' }, 400)
      try {
        return c.json(await facilitator.verify(request.paymentPayload, request.paymentRequirements))
      } catch {
        return c.json({ isValid: false, invalidReason: 'unsupported_scheme' }, 400)
      }
    })
    .post('/settle', async (c) => {
      const request = await readRequest(c.req.raw)
      const network = request?.paymentRequirements.network ?? ''
      if (!request) {
        return c.json({ success: false, errorReason: 'invalid_request', transaction: '', network }, 400)
      }
      try {
        return c.json(await facilitator.settle(request.paymentPayload, request.paymentRequirements))
      } catch {
        return c.json({ success: false, errorReason: 'unsupported_scheme', transaction: '', network }, 400)
      }
    })

  const { server, info } = await new Promise<{ server: Server; info: AddressInfo }>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port, hostname }, (address) =>
      resolve({ server: created as Server, info: address }),
    ) as Server
    created.once('error', reject)
  })
  let stopping: Promise<void> | undefined
  return {
    url: `http://${info.address}:${info.port}`,
    address: account.address,
    facilitator,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

type FacilitatorRequest = { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }

async function readRequest(request: Request): Promise<FacilitatorRequest | undefined> {
  try {
    const body = (await request.json()) as Partial<FacilitatorRequest> | null
    if (typeof body?.paymentPayload !== 'object' || typeof body.paymentRequirements !== 'object')
      return undefined
    return body as FacilitatorRequest
  } catch {
    return undefined
  }
}
