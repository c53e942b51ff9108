/** CoW's network slugs (`https://api.cow.fi/{slug}`) for the chains the sandbox runs, by chain id. */
export const cowSlugs: Readonly<Record<number, string>> = {
  1: 'mainnet',
  8453: 'base',
  42161: 'arbitrum_one',
  56: 'bnb',
  43114: 'avalanche',
}
