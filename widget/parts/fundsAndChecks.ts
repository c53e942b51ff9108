/**
 * One lazy chunk for two things a connected wallet's quote brings: the balance read (`readFunds`) and
 * the checks before a swap (`renderSafetyChecks`). Each alone is small, and a chunk each weighed more
 * than the two together.
 */
export * from './readFunds'
export * from './renderSafetyChecks'
