import { bytesToHex, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: its dev accounts are public knowledge and hold only sandbox funds. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

/** A dev account of the sandbox. */
export type DevAccount = { address: Address; privateKey: Hex }

/**
 * What each dev account is for. Account 0 is the demo user; the others keep their roles apart so
 * tests can watch one account's balance without the others' traffic.
 */
export const devAccountRoles = {
  demoUser: 0,
  deployer: 6,
  serviceFeeRecipient: 7,
  partnerFeeRecipient: 8,
  solver: 9,
  /** The THORChain EVM vault's key: beyond the ten funded accounts, so nothing else shares its nonces. */
  thorchainVault: 10,
  /** The bridge simulator's relayer and liquidity provider (`getBridgeLiquidityAccount`). */
  bridgeLiquidity: 11,
  /**
   * The demo partner's own payout wallet (the partner registry's): no other role's, so no test's traffic
   * moves its balance (not the vault's, which deposits and payouts move), and never
   * `partnerFeeRecipient`, which collects what the service owes every other partner.
   */
  registeredPartnerPayout: 12,
  /** The payout wallet of the sandbox's second registered partner, the one whose fee is capped low. */
  cappedPartnerPayout: 13,
} as const

/**
 * The address of any account of anvil's default mnemonic, funded (0 to 9) or not.
 *
 * @example
 * getDevAddress(devAccountRoles.registeredPartnerPayout)
 */
export function getDevAddress(addressIndex: number): Address {
  return mnemonicToAccount(anvilMnemonic, { addressIndex }).address
}

let cached: DevAccount[] | undefined

/**
 * The first ten accounts of anvil's default mnemonic (the ones anvil funds and unlocks).
 *
 * @example
 * getDevAccounts()[0].address // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function getDevAccounts(): DevAccount[] {
  cached ??= Array.from({ length: 10 }, (_, addressIndex) => {
    const account = mnemonicToAccount(anvilMnemonic, { addressIndex })
    const privateKey = account.getHdKey().privateKey
    if (!privateKey) throw new Error('HD key without a private key')
    return { address: account.address, privateKey: bytesToHex(privateKey) }
  })
  return cached.map((account) => ({ ...account }))
}
