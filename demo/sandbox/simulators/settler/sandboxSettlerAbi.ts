import { parseAbi } from 'viem'

/** ABI of `contracts/SandboxSettler.sol`'s entry point (the compiled artifact's, typed for viem). */
export const sandboxSettlerAbi = parseAbi([
  'struct Fee { address recipient; uint256 ppm; bool inBuyToken; }',
  'struct Order { address sellToken; address buyToken; uint256 sellAmount; uint256 minBuyAmount; address[] path; address recipient; uint256 deadline; Fee[] fees; }',
  'function settle(Order order) payable returns (uint256 bought)',
  'event Settled(address indexed taker, address indexed recipient, address sellToken, address buyToken, uint256 sellAmount, uint256 buyAmount)',
])
