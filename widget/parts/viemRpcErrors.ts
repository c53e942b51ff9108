import { BaseError, RpcRequestError } from 'viem'

/** What viem's RPC error constructors take (viem `errors/rpc.ts`, `RpcErrorOptions`). */
type RpcErrorOptions = {
  code?: number | undefined
  data?: unknown
  docsPath?: string | undefined
  metaMessages?: string[] | undefined
  name?: string | undefined
  shortMessage: string
}

/**
 * viem's RPC error classes for the widget's chunks (`viemRpcErrors` in `widget/vite.config.ts`): the
 * same 29 classes, names, codes (on the class and the error), `data`, class chain and `BaseError`
 * fields, so the wallet layer maps a provider's error (`buildRequest`) and the execution reads it
 * (`isUserRejection`, `walk`) as with the original. Only the short messages are shorter: they still say
 * what went wrong, in fewer words, and the chunk they load in is about 400 B of gzip lighter.
 * `viemRpcErrors.test.ts` holds it to the original.
 */
export class RpcError<code extends number = number> extends BaseError {
  code: code | (number & {})

  constructor(cause: Error, { code, docsPath, metaMessages, name, shortMessage }: RpcErrorOptions) {
    super(shortMessage, {
      cause,
      docsPath,
      metaMessages: metaMessages || (cause as { metaMessages?: string[] })?.metaMessages,
      name: name || 'RpcError',
    })
    this.name = name || cause.name
    this.code = cause instanceof RpcRequestError ? cause.code : (code ?? -1)
  }
}

export class ProviderRpcError<T = undefined> extends RpcError {
  data?: T | undefined

  constructor(cause: Error, options: RpcErrorOptions & { data?: T | undefined }) {
    super(cause, options)
    this.data = options.data
  }
}

type RpcErrorClass<Base> = (new (cause: Error, options?: { method?: string }) => Base) & { code: number }

/** One of viem's RPC error classes: its name, code and short message, on `Base`. */
function define<Base extends typeof RpcError>(
  base: Base,
  name: string,
  code: number | undefined,
  shortMessage: (method?: string) => string,
): RpcErrorClass<InstanceType<Base>> {
  const named = {
    [name]: class extends (base as typeof RpcError) {
      constructor(cause: Error, { method }: { method?: string } = {}) {
        super(cause, { code, name, shortMessage: shortMessage(method) })
      }
    },
  }
  // As viem's: every class but `UnknownRpcError` states its code on the class too.
  return Object.assign(named[name]!, code === undefined ? {} : { code }) as unknown as RpcErrorClass<
    InstanceType<Base>
  >
}

const said = (words: string) => () => words
const method = (what: string) => (name?: string) => `The method${name ? ` "${name}"` : ''} ${what}.`

export const ParseRpcError = define(RpcError, 'ParseRpcError', -32700, said('Invalid JSON received.'))
export const InvalidRequestRpcError = define(
  RpcError,
  'InvalidRequestRpcError',
  -32600,
  said('Invalid request.'),
)
export const MethodNotFoundRpcError = define(
  RpcError,
  'MethodNotFoundRpcError',
  -32601,
  method('does not exist'),
)
export const InvalidParamsRpcError = define(
  RpcError,
  'InvalidParamsRpcError',
  -32602,
  said('Invalid parameters.'),
)
export const InternalRpcError = define(
  RpcError,
  'InternalRpcError',
  -32603,
  said('An internal error occurred.'),
)
export const InvalidInputRpcError = define(
  RpcError,
  'InvalidInputRpcError',
  -32000,
  said('Missing or invalid parameters.'),
)
export const ResourceNotFoundRpcError = define(
  RpcError,
  'ResourceNotFoundRpcError',
  -32001,
  said('Resource not found.'),
)
export const ResourceUnavailableRpcError = define(
  RpcError,
  'ResourceUnavailableRpcError',
  -32002,
  said('Requested resource not available.'),
)
export const TransactionRejectedRpcError = define(
  RpcError,
  'TransactionRejectedRpcError',
  -32003,
  said('Transaction creation failed.'),
)
export const MethodNotSupportedRpcError = define(
  RpcError,
  'MethodNotSupportedRpcError',
  -32004,
  (name?: string) => `Method${name ? ` "${name}"` : ''} is not supported.`,
)
export const LimitExceededRpcError = define(
  RpcError,
  'LimitExceededRpcError',
  -32005,
  said('Request limit exceeded.'),
)
export const JsonRpcVersionUnsupportedError = define(
  RpcError,
  'JsonRpcVersionUnsupportedError',
  -32006,
  said('JSON-RPC version not supported.'),
)
export const UserRejectedRequestError = define(
  ProviderRpcError,
  'UserRejectedRequestError',
  4001,
  said('User rejected the request.'),
)
export const UnauthorizedProviderError = define(
  ProviderRpcError,
  'UnauthorizedProviderError',
  4100,
  said('The account or method is not authorized by the user.'),
)
export const UnsupportedProviderMethodError = define(
  ProviderRpcError,
  'UnsupportedProviderMethodError',
  4200,
  method('is not supported by the wallet'),
)
export const ProviderDisconnectedError = define(
  ProviderRpcError,
  'ProviderDisconnectedError',
  4900,
  said('The wallet is disconnected from all chains.'),
)
export const ChainDisconnectedError = define(
  ProviderRpcError,
  'ChainDisconnectedError',
  4901,
  said('The wallet is not connected to this chain.'),
)
export const SwitchChainError = define(
  ProviderRpcError,
  'SwitchChainError',
  4902,
  said('The chain could not be switched to.'),
)
export const UnsupportedNonOptionalCapabilityError = define(
  ProviderRpcError,
  'UnsupportedNonOptionalCapabilityError',
  5700,
  said('A required capability is not supported.'),
)
export const UnsupportedChainIdError = define(
  ProviderRpcError,
  'UnsupportedChainIdError',
  5710,
  said('Chain not supported.'),
)
export const DuplicateIdError = define(ProviderRpcError, 'DuplicateIdError', 5720, said('Duplicate id.'))
export const UnknownBundleIdError = define(
  ProviderRpcError,
  'UnknownBundleIdError',
  5730,
  said('Unknown bundle id.'),
)
export const BundleTooLargeError = define(
  ProviderRpcError,
  'BundleTooLargeError',
  5740,
  said('Too many calls.'),
)
export const AtomicReadyWalletRejectedUpgradeError = define(
  ProviderRpcError,
  'AtomicReadyWalletRejectedUpgradeError',
  5750,
  said('The wallet declined to upgrade.'),
)
export const AtomicityNotSupportedError = define(
  ProviderRpcError,
  'AtomicityNotSupportedError',
  5760,
  said('Atomic execution is not supported.'),
)
export const WalletConnectSessionSettlementError = define(
  ProviderRpcError,
  'WalletConnectSessionSettlementError',
  7000,
  said('WalletConnect settlement failed.'),
)
export const UnknownRpcError = define(
  RpcError,
  'UnknownRpcError',
  undefined,
  said('An unknown RPC error occurred.'),
)
