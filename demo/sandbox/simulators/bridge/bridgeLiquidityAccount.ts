import { mnemonicToAccount } from 'viem/accounts'
import { anvilMnemonic, devAccountRoles } from '../../devAccounts'

/**
 * Index, on anvil's mnemonic, of the key that plays the bridge's relayer and liquidity provider: it
 * pays recipients on the destination chain and is the only account that may close (repay or
 * refund) a `SandboxBridge` transfer. It lies beyond the ten dev accounts, and no other sandbox role
 * (`devAccountRoles`) shares its balances or nonces.
 */
export const BRIDGE_LIQUIDITY_ACCOUNT_INDEX = devAccountRoles.bridgeLiquidity

/** The bridge relayer's account. */
export function getBridgeLiquidityAccount() {
  return mnemonicToAccount(anvilMnemonic, { addressIndex: BRIDGE_LIQUIDITY_ACCOUNT_INDEX })
}
