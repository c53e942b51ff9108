/**
 * Stands in, in the widget's build, for the two modules @wagmi/core's `createConfig` imports only to
 * turn wallets announced by EIP-6963 into connectors (`multiInjectedProviderDiscovery`): the `mipd`
 * store and the `injected` connector. The wallet menu turns that discovery off and lists those wallets
 * itself, connecting each through `providerConnector`, so neither is ever called. The real ones (with
 * viem's checksum and keccak) were over a third of the wallet chunk.
 */
const unused = (): never => {
  throw new Error('<swap-quote>: wagmi discovery is off')
}

/** `injected` from `@wagmi/core/connectors/injected.js`. */
export const injected = unused
/** `createStore` from `mipd`. */
export const createStore = unused
