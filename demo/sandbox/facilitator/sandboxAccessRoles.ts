/**
 * Dev accounts with a job in the sandbox's `/access` flows, apart from the other roles
 * (`devAccountRoles`): the facilitator's settling key and the account grant payments go to. Neither
 * pays, neither holds the pass (account 0 does both in the demo).
 */
export const sandboxAccessRoles = {
  /** Signs `transferWithAuthorization` and pays its gas. */
  facilitator: 5,
  /** `X402_PAY_TO`: receives the USDC of every grant sold. */
  payTo: 4,
} as const
