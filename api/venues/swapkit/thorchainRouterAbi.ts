/** The THORChain router's deposit entry point (Router v4.1, selector `0x44bc937b`). */
export const thorchainRouterAbi = [
  {
    type: 'function',
    name: 'depositWithExpiry',
    stateMutability: 'payable',
    inputs: [
      { name: 'vault', type: 'address' },
      { name: 'asset', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'memo', type: 'string' },
      { name: 'expiration', type: 'uint256' },
    ],
    outputs: [],
  },
] as const
